import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';

export const LOGIN_RESPONSE = {
  token: 'access-token-1',
  refreshToken: 'refresh-token-1',
  type: 'Bearer',
  id: 'u-1',
  email: 'alex@example.com',
  fullName: 'Alex Morgan',
  roles: ['CUSTOMER'],
};

/** A POST/PUT handler that records each request body and answers `answer` (a response or a JSON body). */
export function capture(method: 'post' | 'put', path: string, answer: JsonBodyType | (() => Response) = {}) {
  const bodies: unknown[] = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return typeof answer === 'function' ? answer() : HttpResponse.json(answer);
    }),
  );
  return bodies;
}

export function storedUser(): Record<string, unknown> | null {
  const json = localStorage.getItem('user');
  return json ? (JSON.parse(json) as Record<string, unknown>) : null;
}

export interface RegistrationInput {
  fullName?: string;
  email?: string;
  phoneNumber?: string;
  address?: string;
  password?: string;
  confirmPassword?: string;
}

export const VALID_REGISTRATION: Required<RegistrationInput> = {
  fullName: '  Sam Fernando  ',
  email: 'sam@example.com',
  phoneNumber: ' +94 77 555 0101 ',
  address: '',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
};

/** Fills the registration fields by pasting into each (empty values are left untouched). */
export async function fillRegistration(user: UserEvent, input: RegistrationInput = VALID_REGISTRATION) {
  const fields: [keyof RegistrationInput, string][] = [
    ['fullName', 'Full Name'],
    ['email', 'Email'],
    ['phoneNumber', 'Phone Number'],
    ['address', 'Address'],
    ['password', 'Password'],
    ['confirmPassword', 'Confirm Password'],
  ];
  for (const [key, label] of fields) {
    const value = input[key];
    if (!value) continue;
    await user.click(screen.getByLabelText(label, { selector: 'input' }));
    await user.paste(value);
  }
}
