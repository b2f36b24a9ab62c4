import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderWithApp } from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

describe('sign-in form', () => {
  it('asks for an email-shaped address and a password before sending anything', async () => {
    await renderWithApp(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  });

  it('links to the registration page with the specification text', async () => {
    await renderWithApp(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
      </Routes>,
      { route: '/login', language: 'pl' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Nie masz konta? Zarejestruj się' }));
    expect(await screen.findByRole('heading', { name: 'Rejestracja tymczasowo wyłączona' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Masz już konto? Zaloguj się' })).toBeInTheDocument();
  });
});
