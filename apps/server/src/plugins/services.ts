/** Replaceable collaborators (tests swap them): SMS sender, clock, captcha text. */
export interface SmsSender {
  /** False when no gateway is configured: every send is refused up front, whoever the phone belongs to. */
  readonly available?: boolean;
  send(mobile: string, code: string, purpose: string): Promise<void>;
}

export interface Services {
  sms: SmsSender;
  now: () => number;
  /** Text of the next login captcha; unset → random (modules/auth/captcha.service.ts). Tests set it to know the code. */
  captcha?: () => string;
}
