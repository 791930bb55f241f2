/** SPEC §5 / §9: at least 6 characters with a lowercase letter and a digit (same rule as the server). */
export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*\d).{6,}$/;
