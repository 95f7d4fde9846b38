import { useEffect, useRef, useState } from 'react';
import type { AutosaveDto } from '../api';
import type { RevisionApi, Versioned } from './revision-api';

/** A pause in typing this long sends the editor's fields to the server (an autosave revision; nothing is published). */
export const SERVER_AUTOSAVE_DELAY_MS = 3000;

export type AutosaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; at: string } | { status: 'failed' };

interface Options<T extends Versioned> {
  api: RevisionApi<T>;
  /** The saved post or page (null while it has not been created: nothing to attach a revision to yet). */
  id: number | null;
  fields: AutosaveDto;
  /** The fields differ from what is saved. */
  unsaved: boolean;
  /** Off while a recovery offer is open (the fields on screen are not the author's choice yet). */
  enabled: boolean;
}

/**
 * Sends the editor's fields as an autosave revision after a pause in typing, so an edit survives a closed tab or
 * another browser. Only when they differ from the saved record and from the last autosave; the record itself does not
 * change (the server keeps one autosave revision until the next save). An autosave still waiting for its pause goes
 * at once when the page is hidden or closed (a tab switched away from, closed, or the browser quit), as a request
 * that outlives the page: the last seconds of typing are not lost either.
 */
export function useServerAutosave<T extends Versioned>({ api, id, fields, unsaved, enabled }: Options<T>): AutosaveState {
  const [state, setState] = useState<AutosaveState>({ status: 'idle' });
  const lastSent = useRef<string | null>(null);
  const snapshot = JSON.stringify(fields);

  useEffect(() => {
    if (id === null || !enabled || !unsaved || snapshot === lastSent.current) return;
    // "hidden" comes first when a tab closes, and is the last event a phone's browser reliably sends; pagehide
    // covers the browsers that skip it on unload
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') send(true);
    };
    const onPageHide = () => send(true);
    const stop = () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
    // once, by whichever comes first: the pause in typing or the page going away
    const send = (leaving: boolean) => {
      stop();
      setState({ status: 'saving' });
      api
        .autosave(id, JSON.parse(snapshot) as AutosaveDto, leaving)
        .then((revision) => {
          lastSent.current = snapshot;
          setState({ status: 'saved', at: revision.createdAt });
        })
        .catch(() => setState({ status: 'failed' }));
    };
    const timer = window.setTimeout(() => send(false), SERVER_AUTOSAVE_DELAY_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return stop;
  }, [api, id, snapshot, unsaved, enabled]);

  return state;
}
