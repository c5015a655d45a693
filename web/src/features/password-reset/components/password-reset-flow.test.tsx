import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { ForgotPasswordRoute } from '@/app/routes/forgot-password';
import { on, stubApi } from '@/testing/fake-api';

function renderReset(path = '/forgetpsw') {
  const router = createMemoryRouter(
    [
      { path: '/forgetpsw', element: <ForgotPasswordRoute /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('password reset', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the page never says whether an account exists: a 404 is shown as the error it is, not as "Email não encontrado"', async () => {
    // The server answers known and unknown e-mails alike; a 404 can only be a missing route (an old gateway).
    stubApi(on('POST', '/forgetpassword', 404, { error: 'ERR_NOT_FOUND', message: 'Not found' }));
    renderReset();
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Registro não encontrado.')).toBeTruthy();
    expect(screen.queryByText('Email não encontrado')).toBeNull();
    expect(screen.queryByTestId('new-password-form')).toBeNull();
  });

  it('sends the code, then the new password in a JSON body, and goes to /login', async () => {
    const calls = stubApi(
      on('POST', '/forgetpassword', 200, { status: 200, message: 'ok' }),
      on('POST', '/resetpasswords', 200, { message: 'ok' }),
    );
    const router = renderReset('/forgetpsw?companyId=4');
    expect(screen.getByTestId('signup-link').getAttribute('href')).toBe('/signup?companyId=4');

    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'Ana@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Email enviado com sucesso!')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/forgetpassword')?.body).toEqual({ email: 'ana@example.com' });

    await screen.findByTestId('new-password-form');
    fireEvent.change(document.querySelector('input[name="token"]')!, { target: { value: '654321' } });
    const password = screen.getByLabelText(/Nova senha/) as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'NewPass1' } });
    fireEvent.change(screen.getByLabelText(/Confirme a senha/), { target: { value: 'NewPass2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('As senhas não correspondem')).toBeTruthy();

    expect(password.type).toBe('password');
    fireEvent.click(screen.getByTestId('toggle-password'));
    expect(password.type).toBe('text');

    fireEvent.change(screen.getByLabelText(/Confirme a senha/), { target: { value: 'NewPass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Senha redefinida com sucesso.')).toBeTruthy();
    const reset = calls.find((call) => call.url.startsWith('/api/resetpasswords'));
    expect(reset?.url).toBe('/api/resetpasswords');
    expect(reset?.body).toEqual({ email: 'ana@example.com', token: '654321', password: 'NewPass1', confirmPassword: 'NewPass1' });
  });

  it('an invitation link (/forgetpsw?email=&code=) opens at the new password with the code filled in, and sets it', async () => {
    const calls = stubApi(on('POST', '/resetpasswords', 200, { message: 'ok' }));
    const router = renderReset('/forgetpsw?email=Dono%40Delta.test&code=123456');
    await screen.findByTestId('new-password-form');
    expect((document.querySelector('input[name="token"]') as HTMLInputElement).value).toBe('123456');
    fireEvent.change(screen.getByLabelText(/Nova senha/), { target: { value: 'NewPass1' } });
    fireEvent.change(screen.getByLabelText(/Confirme a senha/), { target: { value: 'NewPass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((call) => call.url === '/api/resetpasswords')?.body).toMatchObject({
      email: 'dono@delta.test',
      token: '123456',
      password: 'NewPass1',
    });
    expect(calls.some((call) => call.url === '/api/forgetpassword')).toBe(false);
  });

  it('a link without a six-digit code starts at the e-mail step', async () => {
    stubApi();
    renderReset('/forgetpsw?email=dono%40delta.test&code=abc');
    expect(await screen.findByLabelText(/Email/)).toBeTruthy();
    expect(screen.queryByTestId('new-password-form')).toBeNull();
  });
});
