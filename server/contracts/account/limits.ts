// Zod-free, so the browser's password hint reads the limits without loading zod (ADR 028).

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
