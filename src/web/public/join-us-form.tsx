import { COOPERATION_TYPES } from '../../shared/choices.js';
import type { PublicCopy } from './copy.js';
import { FailureNotice, Field, Honeypot, PrivacyVersionInput, SentNotice, SubmitButton, inputProps, postedValues, useJsonForm } from './form.js';
import type { FormText, PostedForm } from './form.js';

/** The fields sent to `POST JoinUs`, by their API names; the page's action reads the same. */
export const JOIN_US_FIELDS = ['name', 'company', 'phone', 'email', 'region', 'cooperationType', 'message', 'privacyVersion', 'website'] as const;

export interface JoinUsFormProps {
  text: { joinUs: PublicCopy['joinUs']; form: FormText };
  /** The page's own address: without JavaScript the form is posted there and answered as a page. */
  action: string;
  posted?: PostedForm;
  /** The privacy notice's current version, sent with the form. */
  privacyVersion?: number;
}

/**
 * The partnership form, an island of `/Joinus`: validated by the shared schema, sent once. Without
 * JavaScript it is a plain form posted to its page, which answers with `posted`.
 */
export function JoinUsForm({ text, action, posted, privacyVersion }: JoinUsFormProps) {
  const { joinUs } = text;
  const { sending, errors, failure, done, onSubmit, again } = useJsonForm({
    path: 'JoinUs',
    fields: JOIN_US_FIELDS,
    schema: async () => (await import('../../shared/schemas/inquiry.js')).joinUsCreateSchema,
    text: text.form,
    posted,
  });
  const values = postedValues(posted);

  if (done) return <SentNotice title={joinUs.successTitle} text={joinUs.success} again={joinUs.another} href={action} onAgain={again} />;
  return (
    <form className="form" method="post" action={action} noValidate onSubmit={onSubmit}>
      <FailureNotice failure={failure} />
      <Field name="name" label={joinUs.name} error={errors.name}>
        <input {...inputProps('name', errors)} defaultValue={values.name} type="text" autoComplete="name" required maxLength={100} />
      </Field>
      <Field name="company" label={joinUs.company} error={errors.company}>
        <input {...inputProps('company', errors)} defaultValue={values.company} type="text" autoComplete="organization" maxLength={100} />
      </Field>
      <Field name="phone" label={joinUs.phone} error={errors.phone}>
        <input {...inputProps('phone', errors)} defaultValue={values.phone} type="tel" autoComplete="tel" required maxLength={30} />
      </Field>
      <Field name="email" label={joinUs.email} error={errors.email}>
        <input {...inputProps('email', errors)} defaultValue={values.email} type="email" autoComplete="email" maxLength={100} />
      </Field>
      <Field name="region" label={joinUs.region} error={errors.region}>
        <input {...inputProps('region', errors)} defaultValue={values.region} type="text" autoComplete="address-level1" maxLength={100} />
      </Field>
      <Field name="cooperationType" label={joinUs.cooperationType} error={errors.cooperationType}>
        <select {...inputProps('cooperationType', errors)} defaultValue={values.cooperationType ?? ''}>
          <option value="">{joinUs.chooseType}</option>
          {COOPERATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {joinUs.types[type]}
            </option>
          ))}
        </select>
      </Field>
      <Field name="message" label={joinUs.message} error={errors.message}>
        <textarea {...inputProps('message', errors)} defaultValue={values.message} required maxLength={5000} />
      </Field>
      <PrivacyVersionInput version={privacyVersion} />
      <Honeypot />
      <SubmitButton sending={sending} label={joinUs.submit} sendingLabel={joinUs.sending} />
    </form>
  );
}
