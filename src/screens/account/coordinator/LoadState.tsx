import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../api/errors.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { Loading } from '../../../widgets/loading/Loading.tsx';
import type { Remote } from '../../use-remote.ts';

/** Props of {@link LoadState}. */
export interface LoadStateProps<T> {
  remote: Remote<T>;
  /** What to show once the load is ready, given its data. */
  children: (data: T) => ReactNode;
}

/**
 * A coordinator tab's load: a spinner while it loads, the error with a retry when it failed, and
 * `children` once it is ready. Both tabs load on their own, so each has its own retry.
 */
export function LoadState<T>({ remote, children }: LoadStateProps<T>) {
  useSignals();
  if (remote.status === 'error') {
    return (
      <div role="alert" className="shop-coordinator__error">
        <p className="shop-screen-frame__error">{`${t('coordinator.load_error')} ${errorMessage(remote.error)}`}</p>
        <Button variant="secondary" size="small" onClick={remote.reload}>
          {t('coordinator.retry')}
        </Button>
      </div>
    );
  }
  if (remote.status === 'loading' || remote.data === null) return <Loading loading className="shop-screen-frame__pending" />;
  return <>{children(remote.data)}</>;
}
