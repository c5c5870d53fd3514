// node-postgres's parameter conversion (pg/lib/utils.js), which @types/pg does not declare: the PGlite
// worker's queries send their parameters the way node-postgres does (server/db/pglite-wire.ts).
declare module 'pg/lib/utils.js' {
  const utils: {
    /** null for null/undefined, the Buffer for binary data, otherwise PostgreSQL's text for the value */
    prepareValue(value: unknown): string | Buffer | null;
  };
  export default utils;
}
