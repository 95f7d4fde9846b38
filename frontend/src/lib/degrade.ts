/** Causes already logged (bounded: content chooses the causes, so a hostile post cannot grow it without end). */
const logged = new Set<string>();
const MAX_LOGGED = 100;

/**
 * Runs an enhancement of content (highlighting, table scrollers, …) and, when it throws on some content, answers
 * `plain` instead: content never takes its page down (a 500) for the sake of decoration. Each cause is logged once
 * per process, not once per render: the same post renders again and again.
 */
export function degradeOnFailure<T>(enhancement: string, enhance: () => T, plain: () => T): T {
  try {
    return enhance();
  } catch (error) {
    const cause = `${enhancement}: ${error instanceof Error ? error.message : String(error)}`;
    if (!logged.has(cause) && logged.size < MAX_LOGGED) {
      logged.add(cause);
      console.warn(`mudawwana: ${cause} (shown plain; logged once)`);
    }
    return plain();
  }
}
