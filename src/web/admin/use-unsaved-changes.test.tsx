import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, useNavigate } from 'react-router';
import { ConfigProvider } from 'antd';
import { TOKEN_KEY } from '../api/session.js';
import { AdminTestFrame, TestRouter, stubMatchMedia } from './test-setup.js';
import { useUnsavedChanges } from './use-unsaved-changes.js';

/** The smallest editor: a field, a save that goes to the list, and a menu entry. */
function Editor({ onDiscard }: { onDiscard?: () => void }) {
  const navigate = useNavigate();
  const { unsaved, markChanged, markSaved } = useUnsavedChanges({ onDiscard });
  return (
    <>
      <input aria-label="Title" onChange={markChanged} />
      <p>{unsaved ? 'Unsaved' : 'Nothing to save'}</p>
      {/* As the news and job editors do: saved, then off to the list in the same tick. */}
      <button
        onClick={() => {
          markSaved();
          navigate('/list');
        }}
      >
        Save
      </button>
      <Link to="/list">All news</Link>
    </>
  );
}

function open(locale: 'en-US' | 'zh-CN' = 'en-US', onDiscard?: () => void) {
  render(
    // Without motion, as for a user who asks for less: a dialog closes at once, which jsdom can show.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AdminTestFrame locale={locale}>
        <TestRouter
          at="/edit"
          routes={[
            { path: '/edit', element: <Editor onDiscard={onDiscard} /> },
            { path: '/list', element: <h1>The list</h1> },
          ]}
        />
      </AdminTestFrame>
    </ConfigProvider>,
  );
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('Title'), { target: { value: text } });
const unloadAsked = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('leaving an editor with unsaved changes', () => {
  beforeAll(stubMatchMedia);
  beforeEach(() => window.sessionStorage.setItem(TOKEN_KEY, 'a-session'));
  afterEach(() => {
    cleanup();
    window.sessionStorage.clear();
  });

  it('asks before following a menu entry; staying keeps the text, leaving goes', async () => {
    const onDiscard = vi.fn();
    open('en-US', onDiscard);
    type('A better headline');
    fireEvent.click(screen.getByRole('link', { name: 'All news' }));
    const prompt = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(prompt).getByText('Your changes have not been saved. If you leave, they will be lost.')).toBeTruthy();

    fireEvent.click(within(prompt).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('A better headline');
    expect(screen.queryByRole('heading', { name: 'The list' })).toBeNull();
    expect(onDiscard).not.toHaveBeenCalled();

    // Asked again on the next try, and leaving then goes.
    fireEvent.click(screen.getByRole('link', { name: 'All news' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeTruthy();
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it('asks in Chinese for a Chinese interface', async () => {
    open('zh-CN');
    type('更好的标题');
    fireEvent.click(screen.getByRole('link', { name: 'All news' }));
    const prompt = await screen.findByRole('dialog', { name: '离开此页面？' });
    expect(within(prompt).getByText('您的修改尚未保存，离开后这些修改将会丢失。')).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: '留在此页' })).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: /离\s*开/ })).toBeTruthy();
  });

  it('asks nothing when nothing changed', async () => {
    open();
    expect(unloadAsked()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'All news' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks nothing after a save, even one that navigates at once', async () => {
    open();
    type('A better headline');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('holds the tab too (closing or reloading it), until the changes are saved', async () => {
    open();
    type('A better headline');
    await waitFor(() => expect(unloadAsked()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'The list' });
    expect(unloadAsked()).toBe(false);
  });

  it('never holds up a session that has ended: the way to sign-in is free', async () => {
    open();
    type('A better headline');
    await waitFor(() => expect(unloadAsked()).toBe(true));
    // The API client drops the token before it sends the user to sign in.
    window.sessionStorage.removeItem(TOKEN_KEY);
    expect(unloadAsked()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'All news' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
