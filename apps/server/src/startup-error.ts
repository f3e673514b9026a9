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
