import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { ApiError } from '../api/client.js';
import { AdminTestFrame, stubMatchMedia } from './test-setup.js';
import { useFormErrors } from './use-form-errors.js';

/** A field component without a ref, as the rich-text editor is. */
function PlainField({ value }: { value?: string }) {
  return <div>{value}</div>;
}

let show: (error: unknown) => void = () => undefined;

function Harness() {
  const [form] = Form.useForm();
  show = useFormErrors(form as FormInstance);
  return (
    <Form form={form}>
      <Form.Item name="title" label="Title">
        <Input />
      </Form.Item>
      <Form.Item name="content" label="Content">
        <PlainField />
      </Form.Item>
    </Form>
  );
}

beforeAll(stubMatchMedia);
afterEach(cleanup);

describe('the server\'s refusals on a form', () => {
  it('puts each issue on the field it names, said by its code, never in the server\'s words', async () => {
    render(<AdminTestFrame><Harness /></AdminTestFrame>);
    act(() =>
      show(
        new ApiError('refused', 40000, 400, [
          { path: 'title', code: 'too_big', params: { maximum: 200, origin: 'string' }, message: 'Too big: expected string to have <=200 characters' },
          { path: 'content', code: 'required', message: 'Required' },
        ]),
      ),
    );
    await waitFor(() => expect(screen.getByText('At most 200 characters')).toBeTruthy());
    expect(screen.getByText('Please fill this in')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Too big');
  });

  it('says them in Chinese on a Chinese screen: a wrong current password, a limit formatted for the locale', async () => {
    render(<AdminTestFrame locale="zh-CN"><Harness /></AdminTestFrame>);
    act(() =>
      show(
        new ApiError('oldPassword: Current password is wrong', 40000, 400, [
          { path: 'title', code: 'wrong_password', message: 'Current password is wrong' },
          { path: 'content', code: 'too_big', params: { maximum: 204800, origin: 'string' }, message: 'Too big' },
        ]),
      ),
    );
    await waitFor(() => expect(screen.getByText('当前密码错误')).toBeTruthy());
    expect(screen.getByText('最多 204,800 个字符')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Current password|Too big/);
  });

  it('says aloud what names no field here, and other failures in the current language', async () => {
    render(<AdminTestFrame><Harness /></AdminTestFrame>);
    act(() => show(new ApiError('refused', 40000, 400, [{ path: 'secret', code: 'unknown_field', params: { keys: ['secret'] }, message: 'Unknown field: secret' }])));
    await waitFor(() => expect(document.body.textContent).toContain('secret: Field not accepted: secret'));
    act(() => show(new ApiError('User name is already taken', 40009, 409, [], { reason: 'user-name-taken' })));
    await waitFor(() => expect(document.body.textContent).toContain('That user name is already taken; please choose another.'));
    // A conflict whose reason this client does not know is said by its code, not in the server's words.
    act(() => show(new ApiError('Something else entirely', 40009, 409, [], { reason: 'unheard-of' })));
    await waitFor(() => expect(document.body.textContent).toContain('Refused: the data as it stands does not allow this.'));
    expect(document.body.textContent).not.toContain('Something else entirely');
    act(() => show(new ApiError('Network error', 0, 0)));
    await waitFor(() => expect(document.body.textContent).toContain('Cannot reach the server'));
  });
});
