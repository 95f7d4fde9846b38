/**
 * Undo history of the simple editor: snapshots of the HTML; changes within 1000 ms are grouped,
 * at most 100 steps are kept (SPEC §9).
 */
export const HISTORY_GROUP_MS = 1000;
export const HISTORY_LIMIT = 100;

export interface History {
  past: string[];
  present: string;
  future: string[];
  lastChange: number;
}

export function createHistory(initial: string): History {
  return { past: [], present: initial, future: [], lastChange: 0 };
}

export function record(history: History, html: string, now: number, separateStep = false): History {
  if (html === history.present) return history;
  const grouped = !separateStep && now - history.lastChange < HISTORY_GROUP_MS && history.past.length > 0;
  const past = grouped ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: html, future: [], lastChange: now };
}

/** A change that must be its own step (toolbar commands). */
export function commit(history: History, html: string, now: number): History {
  return record(history, html, now, true);
}

export function undo(history: History): History {
  if (history.past.length === 0) return history;
  const previous = history.past[history.past.length - 1];
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], lastChange: 0 };
}

export function redo(history: History): History {
  if (history.future.length === 0) return history;
  const [next, ...rest] = history.future;
  return { past: [...history.past, history.present], present: next, future: rest, lastChange: 0 };
}
