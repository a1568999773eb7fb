/** node-postgres's own conversion of a query's values to the text it sends (lib/utils.js, untyped upstream). */
declare module "pg/lib/utils.js" {
  const utils: { prepareValue(value: unknown): string | Buffer | null | undefined };
  export default utils;
}
