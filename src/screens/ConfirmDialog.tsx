import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '../widgets/button/Button.tsx';
import { Dialog } from '../widgets/dialog/Dialog.tsx';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  /** Carries out the action; the caller closes the dialog when it is done. A thrown error shows in it. */
  onConfirm: () => Promise<void>;
  onCancel: () => void;
  /** How a failure shows (an alert) below the content; the dialog stays open to try again. */
  renderFailure: (error: unknown) => ReactNode;
  /** What the action is about, e.g. the address to delete. */
  children?: ReactNode;
}

/**
 * Asks before an action that cannot be undone (mount it to open it): Cancel (focused first, the safe
 * choice) and the action, which shows as busy while it runs and cannot be started twice.
 */
export function ConfirmDialog({ title, description, cancelLabel, confirmLabel, onConfirm, onCancel, renderFailure, children }: ConfirmDialogProps) {
  useSignals();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setBusy(false);
      setFailure(error);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={title}
      description={description}
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {failure !== null && renderFailure(failure)}
    </Dialog>
  );
}
