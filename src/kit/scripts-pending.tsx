import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';

/** Inside a form that works without scripts (a GET form): its fields never wait for them. */
const WorksWithoutScripts = createContext(false);

/**
 * Marks `children` as working without scripts: the fields and buttons of a GET form (the header's
 * search, the catalogue's search and sort), which the server's page offers before any script runs.
 */
export function WithoutScripts({ children }: { children: ReactNode }) {
  return <WorksWithoutScripts.Provider value>{children}</WorksWithoutScripts.Provider>;
}

/** Nothing to subscribe to: only the snapshot's server and browser answers differ. */
const subscribeToNothing = () => () => undefined;
const inBrowser = () => false;
const onServerOrHydrating = () => true;

/**
 * Whether a control that needs scripts must wait for them: true in the markup the server renders and
 * in the browser's hydration of it (React's server snapshot), outside {@link WithoutScripts}, until the
 * control itself is hydrated. Such a control renders disabled meanwhile, so a click or a keystroke is
 * refused where it can be seen rather than lost before React handles it. Each control turns on as its
 * own part is hydrated (React hydrates a lazily loaded screen after the shell around it); a control
 * the browser renders itself is never held.
 */
export function useScriptsPending(): boolean {
  const scriptless = useContext(WorksWithoutScripts);
  const pending = useSyncExternalStore(subscribeToNothing, inBrowser, onServerOrHydrating);
  return pending && !scriptless;
}

/** A control's `disabled` and `data-pending`, from {@link useScriptsPending}'s answer. */
export interface HeldForScripts {
  disabled: boolean;
  'data-pending': true | undefined;
}

/**
 * The props of a control that is `disabled` by its own rules and, while `scriptsPending`, held for
 * the scripts too: disabled either way, and marked `data-pending` when only the scripts hold it, so
 * it keeps its enabled look (the widgets' disabled styles leave `[data-pending]` alone).
 */
export function heldForScripts(scriptsPending: boolean, disabled = false): HeldForScripts {
  return { disabled: disabled || scriptsPending, 'data-pending': (scriptsPending && !disabled) || undefined };
}

/**
 * Hands text typed into a server-rendered field before its scripts ran to the field's controlled
 * state. React's hydration keeps what the field holds but tells nobody, so the state stays as the
 * server rendered it and the field's next render puts that back: a buyer who typed "mu" while the
 * page loaded, then "g", searched for "g". The field is read in the first commit (for a hydrated field,
 * its hydration; a field the browser renders itself holds `value` then) and the text is handed over
 * in the next one, after the screen's own start effects, which set the state from the address and
 * would otherwise overwrite it.
 */
export function useTypedBeforeScripts(field: RefObject<HTMLInputElement | null>, value: unknown, onText: ((text: string) => void) | undefined): void {
  const [typed, setTyped] = useState<string | null>(null);
  useLayoutEffect(() => {
    const input = field.current;
    if (input && value != null && input.value !== String(value)) setTyped(input.value);
    // The first commit only: later the field holds what React last gave it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    // A layout effect's update renders before the browser paints, after the passive effects of the
    // commit before it (the screen's start): the typed text is the last word and is never shown lost.
    if (typed !== null) onText?.(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
}
