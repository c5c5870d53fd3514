import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import viteConfig from '../../../vite.config';
import { RequireAuth, RequireOnboarded } from '../../../src/app/routes/guards';
import { AuthStoreContext, createAuthStore } from '../../../src/features/auth/stores/auth-store';
import { setCachedUser } from '../../../src/features/auth/stores/cached-user';
import { setApiNavigator } from '../../../src/lib/api-client';
import { useId } from '../../../src/lib/mantine-use-id';
import { TOKEN_STORAGE_KEY } from '../../../src/lib/token-storage';
import { installFakeServer } from '../support/fake-server';
import { makeUser } from '../support/users';

// What the signed-in start must not do again: re-render the guards above the whole shell (synchronously,
// as every store update does) when /auth/me merely confirms the user saved at the last visit.
describe('signed-in start', () => {
  beforeEach(() => setApiNavigator(() => {}));

  it('does not re-render the route guards when /auth/me confirms the saved user', async () => {
    const user = makeUser({ profile_completion_status: 'complete' });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    setCachedUser(user);
    installFakeServer().on('GET', '/auth/me', { status: 200, body: { ...user } });
    const store = createAuthStore();
    const commits: string[] = [];
    const onRender = (id: string, phase: string) => commits.push(`${id}:${phase}`);

    render(
      <MantineProvider>
        <AuthStoreContext value={store}>
          <MemoryRouter initialEntries={['/dashboard']}>
            <Routes>
              <Route
                element={
                  <Profiler id="guards" onRender={onRender}>
                    <RequireAuth />
                  </Profiler>
                }
              >
                <Route element={<RequireOnboarded />}>
                  <Route path="/dashboard" element={<p>Dashboard</p>} />
                </Route>
              </Route>
            </Routes>
          </MemoryRouter>
        </AuthStoreContext>
      </MantineProvider>,
    );
    expect(screen.getByText('Dashboard')).toBeInTheDocument();
    expect(store.getState().status).toBe('loading');

    await act(() => store.load());

    expect(store.getState()).toMatchObject({ status: 'ready', fromCache: false });
    expect(commits).toEqual(['guards:mount']);
  });

  it('re-renders them when the answer is another user than the saved one', async () => {
    const user = makeUser({ name: 'Saved Name', profile_completion_status: 'complete' });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    setCachedUser(user);
    installFakeServer().on('GET', '/auth/me', { status: 200, body: { ...user, name: 'New Name' } });
    const store = createAuthStore();
    const commits: string[] = [];

    render(
      <AuthStoreContext value={store}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route
              element={
                <Profiler id="guards" onRender={(id, phase) => commits.push(`${id}:${phase}`)}>
                  <RequireAuth />
                </Profiler>
              }
            >
              <Route path="/dashboard" element={<p>Dashboard</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AuthStoreContext>,
    );
    await act(() => store.load());

    expect(commits).toEqual(['guards:mount', 'guards:update']);
  });
});

describe("Mantine's useId", () => {
  it('is aliased to the stable id in the build', () => {
    // The alias matches the specifier @mantine/hooks' entry imports its useId with.
    const entry = readFileSync(
      path.resolve(import.meta.dirname, '../../../node_modules/@mantine/hooks/esm/index.mjs'),
      'utf8',
    );
    const specifier = /import \{ useId \} from "([^"]+)"/.exec(entry)?.[1];
    expect(specifier).toBeDefined();
    const aliases = (viteConfig as { resolve?: { alias?: { find: RegExp; replacement: string }[] } }).resolve
      ?.alias;
    const alias = aliases?.find((a) => a.find.test(specifier!));
    expect(alias?.replacement).toBe(path.resolve(import.meta.dirname, '../../../src/lib/mantine-use-id.ts'));
  });

  it('keeps one id across renders, without a second render at mount', () => {
    const ids: string[] = [];
    function Field() {
      const id = useId();
      const [, setCount] = useState(0);
      ids.push(id);
      return (
        <button type="button" id={id} onClick={() => setCount((n) => n + 1)}>
          more
        </button>
      );
    }
    render(<Field />);
    expect(ids).toHaveLength(1);
    act(() => screen.getByRole('button').click());
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[0]).toMatch(/^mantine-/);
    expect(document.getElementById(ids[0]!)).toBe(screen.getByRole('button'));
  });

  it('returns a static id when one is given', () => {
    let seen = '';
    function Field() {
      seen = useId('my-field');
      return null;
    }
    render(<Field />);
    expect(seen).toBe('my-field');
  });
});
