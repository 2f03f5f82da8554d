/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    /** Envelope code (500 business failure, 412 captcha, 401 token, 403 permission ...). */
    readonly code: number,
    /** HTTP status: 200 for business failures, per the contract. */
    readonly status: number,
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** A business failure: HTTP 200, success false, a Chinese message. */
  static business(message: string, code = 500, result: unknown = null): AppError {
    return new AppError(code, 200, message, result);
  }

  static badRequest(message: string): AppError {
    return new AppError(400, 400, message);
  }

  static unauthorized(message: string): AppError {
    return new AppError(401, 401, message);
  }

  static forbidden(message: string): AppError {
    return new AppError(403, 403, message);
  }

  static notFound(message: string): AppError {
    return new AppError(404, 404, message);
  }

  static conflict(message: string): AppError {
    return new AppError(409, 409, message);
  }

  static tooMany(message: string): AppError {
    return new AppError(429, 429, message);
  }
}
