/**
 * `npm run bench`: the hot reads against bare servers, then the staff lists at growing order counts.
 * Prints markdown tables (figure, baseline, ratio) for the README. Not run by CI.
 */
import os from "node:os";
import { benchHotPaths, printHotPaths } from "./hot-paths";
import { benchLists, printLists } from "./lists";

const hot = await benchHotPaths();
const lists = await benchLists();
console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}.`);
printHotPaths(hot);
printLists(lists);
