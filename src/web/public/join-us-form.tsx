import { COOPERATION_TYPES } from '../../shared/choices.js';
import type { PublicCopy } from './copy.js';
import { FailureNotice, Field, Honeypot, SentNotice, SubmitButton, inputProps, useJsonForm } from './form.js';
import type { FormText } from './form.js';

const FIELDS = ['name', 'company', 'phone', 'email', 'region', 'cooperationType', 'message', 'website'] as const;

export interface JoinUsFormProps {
  text: { joinUs: PublicCopy['joinUs']; form: FormText };
}

/** The partnership form, an island of `/Joinus`: validated by the shared schema, sent once. */
export function JoinUsForm({ text }: JoinUsFormProps) {
  const { joinUs } = text;
  const { sending, errors, failure, done, onSubmit, again } = useJsonForm({
    path: 'JoinUs',
    fields: FIELDS,
    schema: async () => (await import('../../shared/schemas/inquiry.js')).joinUsCreateSchema,
    text: text.form,
  });

  if (done) return <SentNotice title={joinUs.successTitle} text={joinUs.success} again={joinUs.another} onAgain={again} />;
  return (
    <form className="form" method="post" action="/api/JoinUs" noValidate onSubmit={onSubmit}>
      <FailureNotice failure={failure} />
      <Field name="name" label={joinUs.name} error={errors.name}>
        <input {...inputProps('name', errors)} type="text" autoComplete="name" required maxLength={100} />
      </Field>
      <Field name="company" label={joinUs.company} error={errors.company}>
        <input {...inputProps('company', errors)} type="text" autoComplete="organization" maxLength={100} />
      </Field>
      <Field name="phone" label={joinUs.phone} error={errors.phone}>
        <input {...inputProps('phone', errors)} type="tel" autoComplete="tel" required maxLength={30} />
      </Field>
      <Field name="email" label={joinUs.email} error={errors.email}>
        <input {...inputProps('email', errors)} type="email" autoComplete="email" maxLength={100} />
      </Field>
      <Field name="region" label={joinUs.region} error={errors.region}>
        <input {...inputProps('region', errors)} type="text" autoComplete="address-level1" maxLength={100} />
      </Field>
      <Field name="cooperationType" label={joinUs.cooperationType} error={errors.cooperationType}>
        <select {...inputProps('cooperationType', errors)} defaultValue="">
          <option value="">{joinUs.chooseType}</option>
          {COOPERATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {joinUs.types[type]}
            </option>
          ))}
        </select>
      </Field>
      <Field name="message" label={joinUs.message} error={errors.message}>
        <textarea {...inputProps('message', errors)} required maxLength={5000} />
      </Field>
      <Honeypot />
      <SubmitButton sending={sending} label={joinUs.submit} sendingLabel={joinUs.sending} />
    </form>
  );
}
