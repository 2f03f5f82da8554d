/** Replaceable collaborators (tests swap them): SMS sender, clock, captcha text. */
export interface SmsSender {
  send(mobile: string, code: string, purpose: string): Promise<void>;
}

export interface Services {
  sms: SmsSender;
  now: () => number;
  /** Text of the next login captcha; unset → random (modules/auth/captcha.service.ts). Tests set it to know the code. */
  captcha?: () => string;
}
