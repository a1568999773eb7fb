/**
 * `npm run bench`: the hot reads against bare servers, then the staff lists and summaries at growing order counts.
 * Prints markdown tables (figure, baseline, ratio) for the README. Not run by CI. BENCH_ONLY=hot or
 * BENCH_ONLY=growth runs one part.
 */
import os from "node:os";
import { benchGrowth, printGrowth } from "./growth";
import { benchHotPaths, printHotPaths } from "./hot-paths";

const only = process.env.BENCH_ONLY;
const hot = only === "growth" ? null : await benchHotPaths();
const growth = only === "hot" ? null : await benchGrowth();
console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}.`);
if (hot) printHotPaths(hot);
if (growth) printGrowth(growth);
