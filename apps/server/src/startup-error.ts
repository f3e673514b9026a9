/**
 * A failure a person can act on (bad configuration, a data directory in use, a database that
 * cannot be reached): start-up prints its message alone, without a stack trace, and exits with 1.
 */
export class StartupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** A module's `start` failed (app.ts): start-up names the module, and the cause's message. */
export class ModuleStartError extends Error {
  constructor(
    readonly module: string,
    cause: unknown,
  ) {
    super(`the ${module} module did not start: ${(cause as Error | undefined)?.message ?? String(cause)}`, { cause });
    this.name = 'ModuleStartError';
  }
}
