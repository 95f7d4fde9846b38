// @types/pg is not installed; the harness only needs a client that runs a statement.
declare module 'pg' {
  export class Client {
    constructor(config: { connectionString?: string });
    connect(): Promise<void>;
    query(sql: string): Promise<unknown>;
    end(): Promise<void>;
  }
}
