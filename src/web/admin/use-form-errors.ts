import { useTranslation } from 'react-i18next';
import { App as AntApp } from 'antd';
import type { FormInstance } from 'antd';
import type { ValidationIssue } from '../../shared/api.js';
import { isPasswordRefusal } from '../../shared/password-policy.js';
import { ApiError } from '../api/client.js';
import { errorText, issueText } from './error-text.js';

/**
 * Shows the server's refusals on the fields they name, each said by its code in the user's language
 * (the server's `message` is English, docs/decisions/0052); whatever names no field on this form
 * (or any other failure) is shown as a message.
 */
export function useFormErrors(form: FormInstance) {
  const { message } = AntApp.useApp();
  const { t } = useTranslation('admin');
  return (error: unknown) => {
    const issues = error instanceof ApiError ? error.issues : [];
    // A refused password says why by the answer's reason, as the password rules on the form do.
    const reason = error instanceof ApiError ? (error.data as { reason?: unknown } | null)?.reason : undefined;
    const said = (issue: ValidationIssue) => (isPasswordRefusal(reason) ? t(`passwordRules.${reason}`) : issueText(issue, t));
    const fields = issues.filter((issue) => issue.path).map((issue) => ({ name: issue.path.split('.')[0], errors: [said(issue)] }));
    form.setFields(fields);
    // Only a field on the form takes its error; the others still need saying.
    const unshown = fields.filter((field) => form.getFieldError(field.name).length === 0);
    const general = issues.filter((issue) => !issue.path);
    if (!fields.length) message.error(errorText(error, t));
    else if (unshown.length || general.length) message.error([...unshown.map((f) => `${f.name}: ${f.errors[0]}`), ...general.map((i) => issueText(i, t))].join('; '));
  };
}
