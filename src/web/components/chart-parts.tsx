import { CartesianGrid } from "recharts";

/** The light dashed grid every chart draws behind its data. */
export const chartGrid = <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />;
/** Axis labels small enough for a phone. */
export const axisTick = { fontSize: 11 };
/** SPEC section 9: chart tooltips update at most about every 16 ms. */
export const tooltipProps = { animationDuration: 16 };
