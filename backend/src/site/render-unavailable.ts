/**
 * A render that could not be had now, for a reason that passes: too many readers already waiting for renders (the
 * queue sheds load), or a render that ran past its deadline. Answered 503 with Retry-After (busy-page.ts), never by
 * waiting without end.
 */
export class RenderUnavailable extends Error {
  constructor(
    message: string,
    /** Seconds after which asking again is likely to work. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'RenderUnavailable';
  }
}
