import type { PublicCopy } from './copy.js';
import { FailureNotice, Field, Honeypot, PrivacyVersionInput, SentNotice, SubmitButton, inputProps, postedValues, useJsonForm } from './form.js';
import type { FormText, PostedForm } from './form.js';

/** The fields sent to `POST ContactInfo`, by their API names; the page's action reads the same. */
export const CONTACT_FIELDS = ['name', 'company', 'email', 'phone', 'subject', 'message', 'privacyVersion', 'website'] as const;

export interface ContactFormProps {
  text: { contact: PublicCopy['contact']; form: FormText };
  /** The page's own address: without JavaScript the form is posted there and answered as a page. */
  action: string;
  posted?: PostedForm;
  /** The privacy notice's current version, sent with the form. */
  privacyVersion?: number;
}

/**
 * The contact form, an island of `/ContactUs`: validated by the shared schema, sent once. Without
 * JavaScript it is a plain form posted to its page, which answers with `posted`.
 */
export function ContactForm({ text, action, posted, privacyVersion }: ContactFormProps) {
  const { contact } = text;
  const { sending, errors, failure, done, onSubmit, again } = useJsonForm({
    path: 'ContactInfo',
    fields: CONTACT_FIELDS,
    schema: async () => (await import('../../shared/schemas/inquiry.js')).contactInfoCreateSchema,
    text: text.form,
    posted,
  });
  const values = postedValues(posted);

  if (done) return <SentNotice title={contact.successTitle} text={contact.success} again={contact.another} href={action} onAgain={again} />;
  return (
    <form className="form" method="post" action={action} noValidate onSubmit={onSubmit}>
      <FailureNotice failure={failure} />
      <Field name="name" label={contact.name} error={errors.name}>
        <input {...inputProps('name', errors)} defaultValue={values.name} type="text" autoComplete="name" required maxLength={100} />
      </Field>
      <Field name="company" label={contact.company} error={errors.company}>
        <input {...inputProps('company', errors)} defaultValue={values.company} type="text" autoComplete="organization" maxLength={100} />
      </Field>
      <Field name="email" label={contact.email} error={errors.email}>
        <input {...inputProps('email', errors)} defaultValue={values.email} type="email" autoComplete="email" required maxLength={100} />
      </Field>
      <Field name="phone" label={contact.phone} error={errors.phone}>
        <input {...inputProps('phone', errors)} defaultValue={values.phone} type="tel" autoComplete="tel" maxLength={30} />
      </Field>
      <Field name="subject" label={contact.subject} error={errors.subject}>
        <input {...inputProps('subject', errors)} defaultValue={values.subject} type="text" maxLength={200} />
      </Field>
      <Field name="message" label={contact.message} error={errors.message}>
        <textarea {...inputProps('message', errors)} defaultValue={values.message} required maxLength={5000} />
      </Field>
      <PrivacyVersionInput version={privacyVersion} />
      <Honeypot />
      <SubmitButton sending={sending} label={contact.submit} sendingLabel={contact.sending} />
    </form>
  );
}
