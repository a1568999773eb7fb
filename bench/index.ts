/**
 * `npm run bench`: the hot reads against bare servers, order placement against pgbench, then the staff lists
 * and summaries at growing order counts. Prints markdown tables (figure, baseline, ratio) for the README. Not
 * run by CI. BENCH_ONLY=hot, orders, payments, growth, catalogue, ussd or process runs one part
 * (process measures dist/: build first).
 */
import os from "node:os";
import { benchCatalogue, printCatalogue } from "./catalogue";
import { benchGrowth, printGrowth } from "./growth";
import { benchHotPaths, printHotPaths } from "./hot-paths";
import { benchOrders, printOrders } from "./orders";
import { benchPayments, printPayments } from "./payments";
import { benchProcess, printProcess } from "./process";
import { benchUssd, printUssd } from "./ussd";

const only = process.env.BENCH_ONLY;
const hot = !only || only === "hot" ? await benchHotPaths() : null;
const orders = !only || only === "orders" ? await benchOrders() : null;
const payments = !only || only === "payments" ? await benchPayments() : null;
const growth = !only || only === "growth" ? await benchGrowth() : null;
const catalogue = !only || only === "catalogue" ? await benchCatalogue() : null;
const ussd = !only || only === "ussd" ? await benchUssd() : null;
const server = !only || only === "process" ? await benchProcess() : null;
console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}.`);
if (hot) printHotPaths(hot);
if (orders) printOrders(orders);
if (payments) printPayments(payments);
if (growth) printGrowth(growth);
if (catalogue) printCatalogue(catalogue);
if (ussd) printUssd(ussd);
if (server) printProcess(server);
