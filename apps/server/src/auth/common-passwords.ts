/**
 * Passwords refused at sign-up because they top every published list of leaked passwords
 * (NCSC "PwnedPasswordsTop100k", SecLists 10-million-password-list-top-1000) or are built from
 * the product's own name. Only entries of 6+ characters matter: shorter ones fail the length rule.
 * Compared case-insensitively.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345678910', '0123456789', '987654321',
  '654321', '111111', '1111111', '11111111', '000000', '00000000', '121212', '123123', '123321',
  '112233', '666666', '696969', '777777', '888888', '999999', '555555', '222222', '131313', '159753',
  '147258369', '123654', '123qwe', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', 'qwe123', 'abc123', 'abcdef',
  'abcd1234', 'a123456', 'aa123456', 'password', 'password1', 'password12', 'password123', 'passw0rd',
  'p@ssw0rd', 'p@ssword', 'pa$$word', 'qwerty', 'qwerty1', 'qwerty12', 'qwerty123', 'qwertyuiop',
  'azerty', 'asdfgh', 'asdfghjkl', 'zxcvbn', 'zxcvbnm', '1qaz2wsx', 'qazwsx', 'iloveyou', 'iloveyou1',
  'princess', 'sunshine', 'monkey', 'dragon', 'master', 'letmein', 'welcome', 'welcome1', 'welcome123',
  'football', 'baseball', 'basketball', 'soccer', 'hockey', 'superman', 'batman', 'starwars', 'pokemon',
  'shadow', 'michael', 'jennifer', 'jordan', 'jordan23', 'hunter', 'hunter2', 'harley', 'ranger',
  'buster', 'tigger', 'charlie', 'daniel', 'thomas', 'robert', 'andrew', 'joshua', 'matthew', 'anthony',
  'jessica', 'ashley', 'nicole', 'amanda', 'samantha', 'michelle', 'trustno1', 'whatever', 'freedom',
  'computer', 'internet', 'cookie', 'cheese', 'chocolate', 'butterfly', 'flower', 'purple', 'orange',
  'banana', 'summer', 'winter', 'spring', 'secret', 'secret1', 'access', 'access14', 'mustang', 'ferrari',
  'corvette', 'mercedes', 'killer', 'pepper', 'ginger', 'maggie', 'lovely', 'loveme', 'love123',
  'friends', 'family', 'forever', 'angel1', 'babygirl', 'liverpool', 'chelsea', 'arsenal', 'barcelona',
  'yankees', 'cowboys', 'eagles', 'steelers', 'dallas', 'london', 'america', 'google', 'youtube',
  'facebook', 'instagram', 'linkedin', 'twitter', 'admin1', 'admin123', 'administrator', 'root123',
  'changeme', 'default', 'test123', 'testing', 'test1234', 'guest123', 'login', 'login123', 'zaq12wsx',
  'qwer1234', 'asdf1234', 'zxcv1234', 'aaaaaa', 'aaaaaaaa', 'abcabc', 'qqqqqq', 'mypassword',
  'letmein1', 'nothing', 'blahblah', 'passpass', 'startrek', 'matrix', 'gandalf', 'merlin', 'thunder',
  'silver', 'golden', 'diamond', 'cinegrade', 'cinegrade1', 'cinegrade123', 'colorgrade', 'colourgrade',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
