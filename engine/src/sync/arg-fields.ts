import { z } from 'zod';

/** Fields several mutations' arguments share, checked alike wherever they appear. */

export const companyCodeField = z
  .string()
  .max(6, '公司代码应为6位数字')
  .regex(/^\d{6}$/, '公司代码应为6位数字');

export const usernameField = z.string().min(1).max(64);
