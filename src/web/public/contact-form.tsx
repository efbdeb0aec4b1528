import type { PublicCopy } from './copy.js';
import { FailureNotice, Field, Honeypot, SentNotice, SubmitButton, inputProps, useJsonForm } from './form.js';
import type { FormText } from './form.js';

const FIELDS = ['name', 'company', 'email', 'phone', 'subject', 'message', 'website'] as const;

export interface ContactFormProps {
  text: { contact: PublicCopy['contact']; form: FormText };
}

/** The contact form, an island of `/ContactUs`: validated by the shared schema, sent once. */
export function ContactForm({ text }: ContactFormProps) {
  const { contact } = text;
  const { sending, errors, failure, done, onSubmit, again } = useJsonForm({
    path: 'ContactInfo',
    fields: FIELDS,
    schema: async () => (await import('../../shared/schemas/inquiry.js')).contactInfoCreateSchema,
    text: text.form,
  });

  if (done) return <SentNotice title={contact.successTitle} text={contact.success} again={contact.another} onAgain={again} />;
  return (
    <form className="form" method="post" action="/api/ContactInfo" noValidate onSubmit={onSubmit}>
      <FailureNotice failure={failure} />
      <Field name="name" label={contact.name} error={errors.name}>
        <input {...inputProps('name', errors)} type="text" autoComplete="name" required maxLength={100} />
      </Field>
      <Field name="company" label={contact.company} error={errors.company}>
        <input {...inputProps('company', errors)} type="text" autoComplete="organization" maxLength={100} />
      </Field>
      <Field name="email" label={contact.email} error={errors.email}>
        <input {...inputProps('email', errors)} type="email" autoComplete="email" required maxLength={100} />
      </Field>
      <Field name="phone" label={contact.phone} error={errors.phone}>
        <input {...inputProps('phone', errors)} type="tel" autoComplete="tel" maxLength={30} />
      </Field>
      <Field name="subject" label={contact.subject} error={errors.subject}>
        <input {...inputProps('subject', errors)} type="text" maxLength={200} />
      </Field>
      <Field name="message" label={contact.message} error={errors.message}>
        <textarea {...inputProps('message', errors)} required maxLength={5000} />
      </Field>
      <Honeypot />
      <SubmitButton sending={sending} label={contact.submit} sendingLabel={contact.sending} />
    </form>
  );
}
