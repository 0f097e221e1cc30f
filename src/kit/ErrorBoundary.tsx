import { useSignals } from '@preact/signals-react/runtime';
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { dispatchShopEvent } from '../events.ts';
import { t } from '../i18n/index.ts';
import { registerStyles } from '../theme/styles.ts';
import css from './error-box.css?inline';
import { useElement } from './element-context.tsx';
import { forgetFailedLoads, hasFailedLoads, isLoadFailure, pageReload, retryFailedLoads } from './lazy-retry.ts';

registerStyles('error-box', css);

/** What a fallback gets: what failed and how to try again. */
export interface ErrorFallbackProps {
  /** `load`: code could not be downloaded; `render`: the part failed while showing. */
  kind: 'load' | 'render';
  /** Loads failed code again and re-renders the part; reloads the page when the code still fails. */
  retry: () => void;
  /** A retry is under way. */
  retrying: boolean;
}

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  /** The route shown inside, reported in `shop-error` (null for a whole element). */
  screen?: string | null;
  /** When it changes (e.g. the path after a navigation) a shown failure is cleared and the part tried afresh. */
  resetKey?: string;
  /** What to show instead of the failed part; by default {@link ErrorBox}. */
  fallback?: (props: ErrorFallbackProps) => ReactNode;
  children?: ReactNode;
}

interface BoundaryProps extends Required<Pick<ErrorBoundaryProps, 'fallback'>> {
  host: HTMLElement | null;
  screen: string | null;
  resetKey: string | undefined;
  children?: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  retrying: boolean;
  /** Bumped by a retry: the children mount afresh. */
  attempt: number;
  resetKey: string | undefined;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, retrying: false, attempt: 0, resetKey: this.props.resetKey };
  private mounted = false;
  /** Set at once (state updates are batched): a double click starts one retry. */
  private retryRunning = false;

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true, retrying: false };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    // Navigating elsewhere is a retry too: failed code is fetched again when a screen needs it.
    if (state.failed) forgetFailedLoads();
    return { resetKey: props.resetKey, error: undefined, failed: false, retrying: false };
  }

  override componentDidMount(): void {
    this.mounted = true;
  }

  override componentWillUnmount(): void {
    this.mounted = false;
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    const { host, screen } = this.props;
    if (!host) return;
    const message = error instanceof Error ? error.message : String(error);
    dispatchShopEvent(host, 'shop-error', { element: host.localName, screen, message, kind: isLoadFailure(error) ? 'load' : 'render' });
  }

  private readonly retry = (): void => {
    if (this.retryRunning) return;
    this.retryRunning = true;
    this.setState({ retrying: true });
    void (async () => {
      const loaded = !hasFailedLoads() || (await retryFailedLoads());
      if (!loaded) {
        pageReload.run();
        return;
      }
      this.retryRunning = false;
      if (this.mounted) this.setState((state) => ({ error: undefined, failed: false, retrying: false, attempt: state.attempt + 1 }));
    })();
  };

  override render(): ReactNode {
    const { failed, error, retrying, attempt } = this.state;
    if (failed) return this.props.fallback({ kind: isLoadFailure(error) ? 'load' : 'render', retry: this.retry, retrying });
    return <Fragment key={attempt}>{this.props.children}</Fragment>;
  }
}

/**
 * Keeps a failure inside its box: when code inside cannot be loaded or a part throws while
 * rendering, only this part shows "Something went wrong!" with Try again; the rest of the element and
 * the host page go on. Fires `shop-error` on the element. Try again loads failed code again and
 * re-renders, or reloads the page when the browser keeps the code failed.
 */
export function ErrorBoundary({ screen = null, resetKey, fallback = renderErrorBox, children }: ErrorBoundaryProps) {
  const { host } = useElement();
  return (
    <Boundary host={host} screen={screen} resetKey={resetKey} fallback={fallback}>
      {children}
    </Boundary>
  );
}

function renderErrorBox(props: ErrorFallbackProps): ReactNode {
  return <ErrorBox {...props} />;
}

/**
 * The compact failure message of an element or a part of a screen: the spec's "Something went wrong!"
 * (§8), what to do, and Try again; announced as an alert. Lives in the shared runtime, so it shows
 * even when no other chunk can be loaded.
 */
export function ErrorBox({ kind, retry, retrying }: ErrorFallbackProps) {
  useSignals();
  return (
    <div className="shop-error-box" role="alert" part="error">
      <p className="shop-error-box__title">{t('app.error')}</p>
      <p className="shop-error-box__text">{t(kind === 'load' ? 'app.load_failed_text' : 'app.error_text')}</p>
      <button type="button" className="shop-error-box__retry" onClick={retry} aria-disabled={retrying || undefined} aria-busy={retrying || undefined}>
        {t('app.retry')}
      </button>
    </div>
  );
}
