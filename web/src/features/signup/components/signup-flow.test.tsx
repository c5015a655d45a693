import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { SignupRoute } from '@/app/routes/signup';
import { aPlan } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';

const plans = [1, 2, 3].map((id) => aPlan({ id, name: `Plano ${id}`, users: 5, connections: 2, queues: 3, value: 99.9 }));

function renderSignup() {
  const router = createMemoryRouter(
    [
      { path: '/signup', element: <SignupRoute /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/signup'] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('sign-up in two steps', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('redirects to /login while registration is disabled', async () => {
    stubApi(on('GET', '/settings/allowregister', 200, { key: 'allowregister', value: 'disabled' }));
    const router = renderSignup();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('asks for the company, mails a code, verifies it and registers the company', async () => {
    const calls = stubApi(
      on('GET', '/settings/allowregister', 200, { key: 'allowregister', value: 'enabled' }),
      on('GET', '/settings/trial', 200, { key: 'trial', value: '3' }),
      on('GET', '/plans/list', 200, plans),
      on('POST', '/verify-email', 200, { sent: true, message: 'ok' }),
      on('POST', '/verify-code', 200, { valid: true }),
      on('POST', '/companies/cadastro', 201, { message: 'ok', company: { id: 9, name: 'Acme', dueDate: null, approved: false } }),
    );
    const router = renderSignup();

    expect(await screen.findByRole('heading', { name: 'Criar sua conta' })).toBeTruthy();
    const planSelect = await screen.findByTestId('signup-plan');
    const options = Array.from(planSelect.querySelectorAll('option')).map((option) => option.getAttribute('value'));
    expect(options).toEqual(['', '1', '3']);
    expect(planSelect.textContent).toContain('Selecione um plano');

    fireEvent.change(screen.getByLabelText(/Nome da empresa/), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'owner@acme.com' } });
    const phone = screen.getByLabelText(/Telefone/) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '11987654321999' } });
    expect(phone.value).toBe('(11) 98765-4321');
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'weak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar Email' }));
    expect(
      await screen.findByText('Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.'),
    ).toBeTruthy();
    expect(await screen.findByText('Por favor, selecione um plano antes de prosseguir')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'Secret12' } });
    fireEvent.change(planSelect, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar Email' }));

    expect(await screen.findByRole('heading', { name: 'Verificar email' })).toBeTruthy();
    expect(await screen.findByText('Código de verificação enviado para seu email')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/verify-email')?.body).toEqual({ email: 'owner@acme.com', name: 'Acme' });

    fireEvent.change(document.querySelector('input[name="code"]')!, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar Cadastro' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Cadastro realizado com sucesso! Aguarde a aprovação do administrador.')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/verify-code')?.body).toEqual({ email: 'owner@acme.com', code: '123456' });
    expect(calls.find((call) => call.url === '/api/companies/cadastro')?.body).toMatchObject({
      name: 'Acme',
      email: 'owner@acme.com',
      phone: '11987654321',
      password: 'Secret12',
      planId: 3,
      recurrence: 'MENSAL',
      status: true,
      campaignsEnabled: true,
    });
  });

  it('a wrong code keeps the visitor on the verification step', async () => {
    const calls = stubApi(
      on('GET', '/settings/allowregister', 200, { key: 'allowregister', value: 'enabled' }),
      on('GET', '/plans/list', 200, plans),
      on('POST', '/verify-email', 200, { sent: true, message: 'ok' }),
      on('POST', '/verify-code', 200, { valid: false }),
    );
    renderSignup();
    await screen.findByTestId('signup-plan');
    fireEvent.change(screen.getByLabelText(/Nome da empresa/), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'owner@acme.com' } });
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'Secret12' } });
    fireEvent.change(screen.getByTestId('signup-plan'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar Email' }));
    await screen.findByRole('heading', { name: 'Verificar email' });
    fireEvent.change(document.querySelector('input[name="code"]')!, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar Cadastro' }));
    expect(await screen.findByText('Código de verificação inválido')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/companies/cadastro')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Verificar email' })).toBeTruthy();
  });
});
