/** antd rules of the sign-in forms, built from the shared validation catalogue (spec §5). */
import type { FormInstance, FormRule } from 'antd';
import {
  checkUsername,
  CONFIRM_PASSWORD_REQUIRED,
  EMAIL,
  isValidPassword,
  MOBILE,
  MOBILE_REQUIRED,
  PASSWORD_RULE_MESSAGE,
  PASSWORDS_DIFFER,
} from '@houtai/shared/validation';

export const mobileRules: FormRule[] = [
  { required: true, message: MOBILE_REQUIRED },
  { pattern: MOBILE.pattern, message: MOBILE.message },
];

/** One message at a time, in the catalogue's order: required, characters, length. */
export const usernameRules: FormRule[] = [
  {
    required: true,
    validator: (_, value: string | undefined) => {
      const problem = checkUsername(value);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

export function passwordRules(requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    {
      validator: (_, value: string | undefined) =>
        !value || isValidPassword(value) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_RULE_MESSAGE)),
    },
  ];
}

export function confirmRules(passwordField: string): FormRule[] {
  return [
    { required: true, message: CONFIRM_PASSWORD_REQUIRED },
    (form: Pick<FormInstance, 'getFieldValue'>) => ({
      validator: (_, value: string | undefined) =>
        !value || value === form.getFieldValue(passwordField)
          ? Promise.resolve()
          : Promise.reject(new Error(PASSWORDS_DIFFER)),
    }),
  ];
}

export const emailRules: FormRule[] = [{ pattern: EMAIL.pattern, message: EMAIL.message }];
