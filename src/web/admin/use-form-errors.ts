import { App as AntApp } from 'antd';
import type { FormInstance } from 'antd';
import { ApiError } from '../api/client.js';

/** Shows the server's refusals on the fields they name, and anything else as a message. */
export function useFormErrors(form: FormInstance) {
  const { message } = AntApp.useApp();
  return (error: unknown) => {
    const issues = error instanceof ApiError ? error.issues : [];
    const named = issues.filter((issue) => issue.path && form.getFieldInstance(issue.path.split('.')[0]) !== undefined);
    if (named.length) {
      form.setFields(named.map((issue) => ({ name: issue.path.split('.')[0], errors: [issue.message] })));
    } else {
      message.error((error as Error).message);
    }
  };
}
