import type { DbOrTx } from './client';

/**
 * A statement for a hot path, built once per database handle and run as a named prepared
 * statement, so that neither Drizzle nor PostgreSQL builds or plans it again on each call.
 */
export const preparedPerDb = <T>(build: (db: DbOrTx) => T): ((db: DbOrTx) => T) => {
  const built = new WeakMap<object, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
};
