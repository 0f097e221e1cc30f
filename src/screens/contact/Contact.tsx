import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import { sendContact } from '../../api/contact.ts';
import { ContactUsRequestSchema } from '../../contract/contract.ts';
import { t } from '../../i18n/index.ts';
import { showAlert } from '../../store/alerts.ts';
import { routerActive } from '../../kit/router.tsx';
import { designerMode } from '../../store/designer-preview.ts';
import { sessionStatus, user } from '../../store/session.ts';
import { shop } from '../../store/shop.ts';
import { registerStyles } from '../../theme/styles.ts';
import { AlertToast } from '../../widgets/alert-toast/AlertToast.tsx';
import { Button } from '../../widgets/button/Button.tsx';
import { FileDrop } from '../../widgets/file-drop/FileDrop.tsx';
import { Loading } from '../../widgets/loading/Loading.tsx';
import { TextArea } from '../../widgets/text-area/TextArea.tsx';
import { TextField } from '../../widgets/text-field/TextField.tsx';
import { FormAlert } from '../auth/AuthLayout.tsx';
import { namesFields, serverFieldText, useFormState, type FieldRules } from '../use-form-state.ts';
import { LoginFirst, ScreenFrame, ShopPending, shopFailed } from '../ScreenFrame.tsx';
import css from './contact.css?inline';
import { ErrorSummary } from '../ErrorSummary.tsx';

registerStyles('contact', css);

type ContactField = 'name' | 'email' | 'phone' | 'subject' | 'message';

/** The contract's field rules: the client shows the same first failing message the provider would. */
const RULES: FieldRules<ContactField> = {
  name: () => ContactUsRequestSchema.entries.name,
  email: () => ContactUsRequestSchema.entries.email,
  phone: () => ContactUsRequestSchema.entries.phone,
  subject: () => ContactUsRequestSchema.entries.subject,
  message: () => ContactUsRequestSchema.entries.message,
};

/** The longest message the provider takes (`ContactUsRequestSchema`). */
const MESSAGE_MAX = 5000;

/**
 * Contact us (reached from the footer; also `<shop-contact>` on any page): name, e-mail,
 * phone, subject and message with an
 * optional attachment (JPG, PNG or PDF up to 10 MB, dropped or picked; the drop zone refuses anything
 * else with the spec's texts), sent as multipart with the shop's `website_id`. A logged-in user's
 * name, e-mail and phone are filled in (the form waits for the session, so they are there from the
 * start). Success shows a toast and an empty form for the next message;
 * field errors of the provider land on their fields (the file's, such as the shop's file quota, on the
 * drop zone until another file is chosen), anything else in the form's alert: too many messages (429)
 * with the wait in seconds or minutes. What the user typed stays after any failure.
 *
 * As an element (no `routeId`) nothing guards it, so it asks a guest of a login-required shop to log in
 * (the provider would refuse the message) and shows its own toasts.
 */
export function Contact({ routeId }: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  const website = shop.value;
  const session = sessionStatus.value;
  const routed = routeId === 'contact' && routerActive.value;
  // A new form (fresh values and attachment) after each message sent.
  const [round, setRound] = useState(0);
  const sessionPending = session === 'unknown' || session === 'loading';
  const loginFirst = website !== null && website.login_required && session === 'guest' && !designerMode.value;
  let content;
  if (!website) content = <ShopPending />;
  else if (sessionPending) content = <Loading loading className="shop-screen-frame__pending" />;
  else if (loginFirst) content = <LoginFirst />;
  else content = <ContactForm key={round} websiteId={website.id} onSent={() => setRound((value) => value + 1)} />;
  return (
    <ScreenFrame className="shop-contact" title={t('contact.title')} busy={(!website && !shopFailed()) || (website !== null && sessionPending)}>
      {content}
      {!routed && <AlertToast />}
    </ScreenFrame>
  );
}

function ContactForm({ websiteId, onSent }: { websiteId: number; onSent: () => void }) {
  useSignals();
  const me = user.peek();
  const form = useFormState<ContactField>(
    { name: me ? [me.name, me.surname].filter(Boolean).join(' ') : '', email: me?.email ?? '', phone: me?.phone ?? '', subject: '', message: '' },
    RULES,
  );
  const [file, setFile] = useState<File | null>(null);
  // The provider's refusal of the attached file (a 422 naming `file`), shown on the drop zone.
  const [fileRefusal, setFileRefusal] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /**
   * A 422 naming the file (the shop's file quota, say): the drop zone says why. When nothing else was
   * refused, focus goes to its button; otherwise the other fields' errors go to their fields as usual.
   */
  const onError = (error: unknown): boolean => {
    if (serverFieldText(error, 'file') === null) return false;
    setFileRefusal(error);
    if (!namesFields(error).every((name) => name === 'file')) return false;
    formRef.current?.querySelector<HTMLElement>('.shop-file-drop button')?.focus();
    return true;
  };
  const submit = form.handleSubmit(async (values) => {
    await sendContact(
      {
        website_id: websiteId,
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || undefined,
        subject: values.subject.trim() || undefined,
        message: values.message.trim(),
      },
      file,
    );
    showAlert({ type: 'success', content: t('contact.sent') });
    onSent();
  }, onError);
  // Every field that error names is shown on its field (the file's on the drop zone): nothing for the alert.
  const shownOnFields = fileRefusal !== null && form.formError === fileRefusal && namesFields(fileRefusal).every((name) => name === 'file' || name in RULES);
  return (
    <>
      <p className="shop-contact__intro">{t('contact.intro')}</p>
      <form
        ref={formRef}
        className="shop-contact__form"
        part="form"
        noValidate
        onSubmit={(event) => {
          setFileRefusal(null);
          submit(event);
        }}
      >
        <FormAlert error={shownOnFields ? null : form.formError} />
        <ErrorSummary summary={form.summary} />
        <div className="shop-contact__grid">
          <TextField {...form.field('name')} label={t('contact.name')} autoComplete="name" required />
          <TextField {...form.field('email')} label={t('contact.email')} type="email" autoComplete="email" inputMode="email" required />
          <TextField {...form.field('phone')} label={t('contact.phone')} type="tel" autoComplete="tel" inputMode="tel" hint={t('validation.phone_hint')} />
          <TextField {...form.field('subject')} label={t('contact.subject')} />
        </div>
        <TextArea {...form.field('message')} label={t('contact.message')} required maxLength={MESSAGE_MAX} rows={6} />
        <FileDrop
          label={t('contact.attachment')}
          file={file}
          onFileChange={(next) => {
            setFile(next);
            setFileRefusal(null);
          }}
          error={fileRefusal === null ? null : serverFieldText(fileRefusal, 'file')}
        />
        <div className="shop-contact__actions">
          <Button type="submit" loading={form.pending}>
            {form.pending ? t('contact.sending') : t('contact.send')}
          </Button>
        </div>
      </form>
    </>
  );
}
