// Password length limits and the strength score

export const PASSWORD_MIN = 10;
/** Maximum input length (the field's maxlength). */
export const PASSWORD_MAX = 50;

// Length steps that each add one point (thresholds 16, 20, 24).
const LENGTH_STEPS: readonly number[] = [16, 20, 24];

/**
 * Strength 0–4: under 10 characters is 0. Otherwise 1, plus one
 * each for 16+, 20+ and 24+ characters, one for letters mixed with non-letters
 * and one for mixed case, capped at 4. Characters are counted as code points
 * and "letters" include ä, ö, å and other non-ASCII letters.
 */
export function passwordStrength(pw: string): 0 | 1 | 2 | 3 | 4 {
  const length = Array.from(pw).length;
  if (length < PASSWORD_MIN) return 0;
  let score = 1;
  score += LENGTH_STEPS.filter((step) => length >= step).length;
  if (/\p{L}/u.test(pw) && /\P{L}/u.test(pw)) score++;
  if (/\p{Lu}/u.test(pw) && /\p{Ll}/u.test(pw)) score++;
  return Math.min(score, 4) as 0 | 1 | 2 | 3 | 4;
}
