import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { LoginForm } from '@/features/auth/components/login-form';
import { normalizeEmailInput } from '@/features/auth/utils/email';
import { renderWithProviders } from '@/testing/test-utils';

describe('login form', () => {
  it('lower-cases the e-mail as it is typed', () => {
    expect(normalizeEmailInput('Ana.Souza@Example.COM')).toBe('ana.souza@example.com');
    renderWithProviders(<LoginForm onSubmit={vi.fn()} />);
    const email = screen.getByLabelText(/E-mail/) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'Ana.Souza@Example.COM' } });
    expect(email.value).toBe('ana.souza@example.com');
    expect(email.name).toBe('email');
  });

  it('submits the lower-cased e-mail and the password', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ADMIN@Admin.com' } });
    fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: 'Secret123' } });
    fireEvent.click(container.querySelector('button[type=submit]')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'admin@admin.com', password: 'Secret123' }));
    expect(container.querySelector('input[name=password]')).toHaveProperty('type', 'password');
  });

  it('does not submit without e-mail and password and says what is missing', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    fireEvent.click(container.querySelector('button[type=submit]')!);
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('links to password reset and sign-up', () => {
    renderWithProviders(<LoginForm onSubmit={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' }).getAttribute('href')).toBe('/forgetpsw');
    expect(screen.getByRole('link', { name: /Cadastre-se/ }).getAttribute('href')).toBe('/signup');
  });
});

describe('login form with sign-up hidden', () => {
  it('shows no create-account link when viewregister is disabled', () => {
    renderWithProviders(<LoginForm onSubmit={vi.fn()} showSignupLink={false} />);
    expect(screen.queryByRole('link', { name: /Cadastre-se/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toBeTruthy();
  });
});
