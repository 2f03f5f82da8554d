import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkWithSchema } from './zod-form.ts';

const Schema = z
  .object({ title: z.string().min(1, '请输入标题'), size: z.number().max(3, '太大') })
  .superRefine((v, ctx) => {
    if (v.title === 'x') ctx.addIssue({ code: 'custom', path: [], message: '整体不对' });
  });

describe('checkWithSchema', () => {
  it('returns the parsed value when the schema accepts', () => {
    expect(checkWithSchema(Schema, { title: 'a', size: 1 })).toEqual({ ok: true, value: { title: 'a', size: 1 } });
  });

  it('groups the messages by top-level field, once each; form-wide ones under ""', () => {
    const r = checkWithSchema(Schema, { title: '', size: 9 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.byField.get('title')).toEqual(['请输入标题']);
    expect(r.errors.byField.get('size')).toEqual(['太大']);
    const whole = checkWithSchema(Schema, { title: 'x', size: 1 });
    expect(!whole.ok && whole.errors.byField.get('')).toEqual(['整体不对']);
  });
});
