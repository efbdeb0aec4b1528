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
  it('puts each issue on the field it names, including fields without a ref', async () => {
    render(<AdminTestFrame><Harness /></AdminTestFrame>);
    act(() => show(new ApiError('refused', 40000, 400, [{ path: 'title', message: 'Title taken' }, { path: 'content', message: 'Content too long' }])));
    await waitFor(() => expect(screen.getByText('Title taken')).toBeTruthy());
    expect(screen.getByText('Content too long')).toBeTruthy();
  });

  it('says aloud what names no field here, and other failures in the current language', async () => {
    render(<AdminTestFrame><Harness /></AdminTestFrame>);
    act(() => show(new ApiError('refused', 40000, 400, [{ path: 'secret', message: 'Not allowed' }])));
    await waitFor(() => expect(document.body.textContent).toContain('secret: Not allowed'));
    act(() => show(new ApiError('User name is already taken', 40009, 409, [], { reason: 'user-name-taken' })));
    await waitFor(() => expect(document.body.textContent).toContain('That user name is already taken; please choose another.'));
    // A conflict whose reason this client does not know keeps the server's words.
    act(() => show(new ApiError('Something else entirely', 40009, 409, [], { reason: 'unheard-of' })));
    await waitFor(() => expect(document.body.textContent).toContain('Refused: Something else entirely'));
    act(() => show(new ApiError('Network error', 0, 0)));
    await waitFor(() => expect(document.body.textContent).toContain('Cannot reach the server'));
  });
});
