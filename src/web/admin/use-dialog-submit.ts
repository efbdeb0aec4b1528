import type { FormInstance } from 'antd';
import { useFormErrors } from './use-form-errors.js';
import { useSubmit } from './use-submit.js';

/**
 * A dialog form's OK button: the form's rules check the values, `send` runs at most once at a
 * time, and the server's refusals are shown on the fields they name (or as a message).
 */
export function useDialogSubmit<T>(form: FormInstance<T>, send: (values: T) => Promise<void>): [saving: boolean, submit: () => Promise<void>] {
  const showErrors = useFormErrors(form);
  const [saving, run] = useSubmit();
  const submit = () =>
    run(async () => {
      const values = await form.validateFields();
      try {
        await send(values);
      } catch (error) {
        showErrors(error);
      }
    });
  return [saving, submit];
}
