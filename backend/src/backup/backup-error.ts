/** A mistake the person running backup or restore can act on: printed as one line, exit code 1. */
export class BackupError extends Error {}
