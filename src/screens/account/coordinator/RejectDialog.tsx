import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { rejectRegistration } from '../../../api/coordinator.ts';
import { RejectRegistrationRequestSchema, type RegistrationRequest } from '../../../contract/contract.ts';
import { errorMessage } from '../../../api/errors.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { Dialog } from '../../../widgets/dialog/Dialog.tsx';
import { TextArea } from '../../../widgets/text-area/TextArea.tsx';
import { issueText, schemaIssues, serverIssues, type FieldIssues } from './field-issues.ts';
import { fullName } from './people.ts';

/** Longest rejection reason (the contract's rule), so the field stops there rather than failing on send. */
const REASON_MAX = 500;

/** Props of {@link RejectDialog}. */
export interface RejectDialogProps {
  request: RegistrationRequest;
  /** Closed without rejecting (Cancel, Close, Escape). */
  onCancel: () => void;
  /** Rejected: the server's answer (the request with its reason and review date). */
  onRejected: (next: RegistrationRequest) => void;
}

/**
 * Rejects a registration request with a reason (mount it to open it). The reason is checked with the
 * contract's schema before it is sent and the server's field error shows on the field too, with focus
 * moved there; any other failure shows in the dialog, which stays open to try again.
 */
export function RejectDialog({ request, onCancel, onRejected }: RejectDialogProps) {
  useSignals();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [issues, setIssues] = useState<FieldIssues>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    const parsed = v.safeParse(RejectRegistrationRequestSchema, { reason }, { abortPipeEarly: true });
    if (!parsed.success) {
      setIssues(schemaIssues(parsed.issues));
      reasonRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      onRejected(await rejectRegistration(request.id, parsed.output.reason));
    } catch (error) {
      setSaving(false);
      const fields = serverIssues(error);
      if (fields.reason) {
        setIssues(fields);
        reasonRef.current?.focus();
      } else setFailure(error);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('coordinator.reject_title', { name: fullName(request) })}
      description={t('coordinator.reject_description')}
      initialFocus={reasonRef}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            {t('coordinator.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {t('coordinator.reject_confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="shop-coordinator__form">
        <TextArea
          ref={reasonRef}
          label={t('coordinator.reason')}
          required
          maxLength={REASON_MAX}
          value={reason}
          onValueChange={(value) => {
            setReason(value);
            setIssues({});
          }}
          error={issueText(issues.reason)}
        />
        {failure !== null && (
          <p className="shop-screen-frame__error" role="alert">
            {errorMessage(failure)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
