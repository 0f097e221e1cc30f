/**
 * The passwords people pick most often, which the strength pattern alone lets through because they
 * happen to mix cases and digits (`Password1`, `Qwerty123`, `Welcome2024!`, `Passw0rd!`). Guessing
 * attacks try exactly these first, so the one password policy (`./fields.ts`) refuses them too.
 *
 * Kept as stems: a password is common when, lower-cased and with its trailing digits and symbols cut
 * off, it is one of these words, plainly or in the usual "leet" spelling (`P@ssw0rd` is `password`).
 * One stem then stands for the whole family a list of whole passwords needs hundreds of rows for
 * (`Password1`, `Password123!`, `PASSWORD2024`), which keeps the list small enough to ship in the
 * client beside the forms. Put together from the top of public breach-frequency lists (English and
 * Polish) and the names, words and keyboard walks that recur in them.
 *
 * The demo accounts' password `Passw0rd!` is refused too: it is published in the README. The seed
 * writes its hashes directly, without the policy, so the demo keeps working.
 *
 * @module
 */

/** Stems of the most common passwords (lower case, no trailing digits or symbols). */
const COMMON_STEMS: ReadonlySet<string> = new Set(
  (
    // Passwords and variations on the word itself.
    'password passwort passwd passw pass pas pwd haslo hasło haselko admin administrator adminadmin root toor user ' +
    'login logon guest test tester testing demo default changeme change private access master letmein ' +
    'welcome welcom witaj witamy hello hallo hi hey iloveyou iloveu loveyou love lover kocham kochamcie ' +
    'kochanie misiek misia skarbek slonko zabka kotek kotku piesek myszka ' +
    // Keyboard walks and sequences (what is left once the digits are cut off).
    'qwerty qwert qwer qwe qwertyu qwertyui qwertyuiop qwertz qwertzu azerty asdf asdfg asdfgh asdfghjk asdfghjkl ' +
    'zxc zxcv zxcvb zxcvbn zxcvbnm qaz qazwsx qazxsw zaq zaqwsx zaq1@wsx zaq12wsx 1qaz2wsx 1q2w3e 1q2w3e4r 1q2w3e4r5t ' +
    'q1w2e3 q1w2e3r q1w2e3r4 q1w2e3r4t a1b2c3 abc abcd abcde abcdef abcdefg abcdefgh aa aaa aaaa aaaaaa ab abab ' +
    'a aa1 abc1 qweasd qweasdzxc asdqwe poiuy poiuyt mnbvcxz lkjhgf ' +
    // Seasons, months and days (`Summer2024!` is the classic corporate password).
    'summer winter spring autumn fall lato zima wiosna jesien jesień ' +
    'january february march april may june july august september october november december ' +
    'styczen luty marzec kwiecien maj czerwiec lipiec sierpien wrzesien pazdziernik listopad grudzien ' +
    'monday tuesday wednesday thursday friday saturday sunday weekend holiday christmas easter ' +
    // Workplace words: what a buyer on a company shop types when told to pick a password.
    'company firma office biuro work praca business corporate employee worker staff team manager boss ' +
    'shop sklep store market order zamowienie buyer merch merchandise points budget budzet acme globex initech ' +
    'intranet network internet computer komputer laptop server system account konto service support helpdesk ' +
    'nowehaslo mypassword mojehaslo temp temporary tymczasowe start startup begin ' +
    // Words, names and things that recur at the top of every list.
    'monkey dragon football baseball basketball soccer hockey tennis golf sunshine princess shadow superman ' +
    'batman spiderman starwars pokemon mustang ferrari porsche mercedes harley corvette yamaha ' +
    'michael michelle jennifer jessica ashley amanda daniel david charlie thomas robert william jordan ' +
    'andrew joshua matthew anthony justin hunter ranger buster tigger ginger pepper cookie maggie bailey ' +
    'jessie jasmine hannah nicole samantha taylor austin george harry peter alex alexander victoria ' +
    'anna kasia kasiunia ania agnieszka magda magdalena monika ewa marta karolina natalia paulina ' +
    'ola aleksandra justyna joanna dominika patrycja weronika zuzia zuzanna julia maja lena ' +
    'marcin mateusz michal michał piotr pawel paweł tomek tomasz kamil krzysztof lukasz łukasz adam ' +
    'bartek jakub kuba szymon grzegorz marek wojtek dawid damian rafal rafał sebastian ' +
    'polska polska1 poland warszawa krakow kraków gdansk wroclaw poznan lodz legia lech wisla ' +
    'master1 freedom whatever trustno trustme hunter killer cheese pizza coffee chocolate banana orange ' +
    'apple google facebook microsoft windows linux ubuntu android iphone samsung nokia ' +
    'silver golden diamond purple yellow blue black white red green ' +
    'matrix phoenix eagle tiger lion wolf falcon hammer thunder lightning rainbow flower ' +
    'angel angels devil heaven jesus god christ blessed faith hope ' +
    'forever always never nothing something private1 hello1 ' +
    'computer1 internet1 naruto sasuke minecraft fortnite roblox zelda mario ' +
    'liverpool chelsea arsenal barcelona realmadrid juventus manchester united ' +
    'london paris berlin madrid rome amsterdam newyork chicago boston dallas ' +
    'music guitar piano rock metal jazz dance party ' +
    'baby babygirl babyboy mother father mama tata mamusia tatus family rodzina ' +
    'happy smile lucky magic dream dreams star stars sun moon sky ocean beach ' +
    'cool super great best top number one first qwerty1 test1 pass1 admin1 user1 ' +
    'welcometo letmein1 access1 login1 iloveyou1 '
  )
    .split(/\s+/)
    .filter((stem) => stem !== ''),
);

/** The usual letter-for-digit and letter-for-symbol swaps, undone. */
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' };

/** Lower case, the trailing run of digits, symbols and spaces cut off (`Welcome2024!` → `welcome`). */
function stemOf(password: string): string {
  return password.toLowerCase().normalize('NFC').replace(/[\d\W_]+$/u, '');
}

/**
 * Whether `password` is one of the most common passwords: compared without regard to case, with any
 * trailing digits and symbols cut off, and also with "leet" swaps undone, so `Password1`,
 * `PASSWORD2024!`, `P@ssw0rd` and `Qwerty123` all count. A password that is nothing but digits and
 * symbols counts as common too (the pattern needs letters anyway).
 */
export function isCommonPassword(password: string): boolean {
  const stem = stemOf(password);
  if (stem === '') return true;
  if (COMMON_STEMS.has(stem)) return true;
  const unLeet = [...stem].map((char) => LEET[char] ?? char).join('');
  return COMMON_STEMS.has(unLeet) || COMMON_STEMS.has(stemOf(unLeet));
}

/** @internal How many stems the list holds (for its own test). */
export const COMMON_STEM_COUNT = COMMON_STEMS.size;
