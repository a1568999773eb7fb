import { productNamesSw } from "../../../contract/client-labels";

/**
 * Kiswahili for what the contract's checks and the server say to a client, keyed by the English they are
 * written in (the contract and the server keep one language; the screens translate). `{name}` stands for a
 * value: "Not enough stock for {product} …" matches any product. server-words.test.ts runs every client form
 * through its schema and fails on a message missing here.
 */
export const serverWordsSw: Record<string, string> = {
  // The herd
  "Tag is required": "Namba ya sikio inahitajika",
  "Breed is required": "Aina inahitajika",
  "At most {n} characters": "Herufi {n} au chache",
  "Not in the future": "Isiwe siku ya baadaye",
  "A date cannot be in the future": "Tarehe isiwe ya baadaye",
  "Not before she was born": "Isiwe kabla hajazaliwa",
  "A date cannot be before the cow was born": "Tarehe isiwe kabla ng'ombe hajazaliwa",
  "You already have a cow with this tag": "Tayari una ng'ombe mwenye namba hii ya sikio",
  "This tag is taken": "Namba hii ya sikio imeshatumika",
  "Pick a straw you bought, or describe the other semen": "Chagua mbegu uliyonunua, au eleza mbegu nyingine",
  "Pick a straw you bought and received": "Chagua mbegu uliyonunua na kupokea",
  "Pick a straw you bought": "Chagua mbegu uliyonunua",
  "Every straw of this line is used": "Mbegu zote za bidhaa hii zimeshatumika",
  "All {n} straws of that order are recorded as used":
    "Mbegu zote {n} za agizo hilo zimerekodiwa kuwa zimetumika",
  "A pregnancy check needs {days} days after the service on {date}":
    "Kupima mimba kunahitaji siku {days} baada ya kupandishwa tarehe {date}",
  "A calving needs {days} days after the service on {date}":
    "Kuzaa kunahitaji siku {days} baada ya kupandishwa tarehe {date}",
  "A calving needs {days} days after her last calving on {date}":
    "Kuzaa kunahitaji siku {days} baada ya kuzaa kwake mwisho tarehe {date}",
  "{cow} has left the herd: no new events": "{cow} ameshaondoka kwenye kundi: hakuna tukio jipya",
  "Enter a time like 07:30": "Weka saa kama 07:30",
  "Choose pregnant or open": "Chagua ana mimba au hana",
  "Choose how the calving went": "Chagua jinsi kuzaa kulivyokwenda",
  "Choose the calf's sex": "Chagua jinsia ya ndama",
  "Choose sold or died": "Chagua ameuzwa au amekufa",
  "Choose a CSV file": "Chagua faili ya CSV",
  "Not a CSV file": "Hii si faili ya CSV",
  "This is not a CSV file we can read: {why}": "Hii si faili ya CSV tunayoweza kusoma: {why}",
  "Name the columns tag and breed": "Taja safu tag na breed",
  "The first row must name the columns: tag and breed at least":
    "Mstari wa kwanza utaje safu: tag na breed angalau",
  "The file has no cows": "Faili haina ng'ombe",
  "At most {n} cows a file": "Ng'ombe {n} au wachache kwa faili moja",
  "tag {tag} is twice in the file": "namba {tag} imo mara mbili kwenye faili",
  "tag {tag} is already in your herd": "namba {tag} tayari iko kwenye kundi lako",
  "{n} rows could not be added, so no cow was: correct them and try again":
    "Mistari {n} haikuweza kuongezwa, kwa hivyo hakuna ng'ombe aliyeongezwa: isahihishe ujaribu tena",
  "{n} row could not be added, so no cow was: correct them and try again":
    "Mstari {n} haukuweza kuongezwa, kwa hivyo hakuna ng'ombe aliyeongezwa: usahihishe ujaribu tena",
  // Tax details
  "A KRA PIN is a letter, 9 digits and a letter": "PIN ya KRA ni herufi moja, tarakimu 9 na herufi moja",
  // Signup and sign-in
  "First name is required": "Jina la kwanza linahitajika",
  "Last name is required": "Jina la ukoo linahitajika",
  "Email is required": "Barua pepe inahitajika",
  "Enter a valid email address": "Weka barua pepe sahihi",
  "Phone is required": "Namba ya simu inahitajika",
  "Enter a Kenyan mobile number like 0712 345 678": "Weka namba ya simu ya Kenya, kama 0712 345 678",
  "Password is required": "Nenosiri linahitajika",
  "Current password is required": "Nenosiri la sasa linahitajika",
  "Password must be at least {min} characters": "Nenosiri liwe na herufi {min} au zaidi",
  "Passwords do not match": "Manenosiri hayalingani",
  "This code is wrong or has expired. Ask for a new one.":
    "Nambari hii si sahihi au imeisha muda. Omba nyingine.",
  "Enter the 6-digit code": "Weka nambari ya tarakimu 6",
  "Give your email or your mobile number": "Weka barua pepe yako au namba yako ya simu",
  "Your password is not right": "Nenosiri lako si sahihi",
  "An M-Pesa prompt was just sent to your phone. Answer it, or try again in two minutes.":
    "Ombi la M-Pesa limetumwa kwenye simu yako sasa hivi. Lijibu, au jaribu tena baada ya dakika mbili.",
  "The demo account cannot be deleted: everyone trying Urithi shares it":
    "Akaunti ya mfano haiwezi kufutwa: kila anayejaribu Urithi anaitumia",
  "Add your mobile number first": "Weka namba yako ya simu kwanza",
  "Payment was not received in time, so the order expired and its items were released":
    "Malipo hayakufika kwa wakati, kwa hivyo agizo limekwisha muda na bidhaa zake zimerudi sokoni",
  "This order can no longer be cancelled": "Agizo hili haliwezi kughairiwa tena",
  "This order has a payment on it: call us and we will cancel it and pay you back":
    "Agizo hili lina malipo: tupigie tutaighairi na kukurudishia pesa",
  "An M-Pesa prompt for this order is open on your phone: answer or decline it first":
    "Ombi la M-Pesa la agizo hili liko wazi kwenye simu yako: lijibu au ulikatae kwanza",
  "No account has this number yet: tell us your name to create one.":
    "Hakuna akaunti yenye namba hii bado: tuambie jina lako ili tuifungue.",
  "This number is on more than one account. Sign in with your email and prove it on your account page.":
    "Namba hii iko kwenye akaunti zaidi ya moja. Ingia kwa barua pepe yako na uithibitishe kwenye ukurasa wa akaunti yako.",
  "Add an email to your profile before you change the mobile you sign in with":
    "Weka barua pepe kwenye wasifu wako kabla ya kubadilisha simu unayoingia nayo",
  "Too many code requests. Try again in {minutes} minutes.":
    "Maombi ya nambari ni mengi mno. Jaribu tena baada ya dakika {minutes}.",
  "Too many code requests. Try again in {minutes} minute.":
    "Maombi ya nambari ni mengi mno. Jaribu tena baada ya dakika {minutes}.",
  "Confirm with your password": "Thibitisha kwa nenosiri lako",
  "Verify your mobile number first": "Thibitisha namba yako ya simu kwanza",
  "This mobile number is already verified": "Namba hii ya simu imeshathibitishwa",
  "This mobile number is already verified on another account":
    "Namba hii ya simu imeshathibitishwa kwenye akaunti nyingine",
  "Too many password reset requests. Try again in {minutes} minutes.":
    "Maombi ya kubadilisha nenosiri ni mengi mno. Jaribu tena baada ya dakika {minutes}.",
  "Too many password reset requests. Try again in {minutes} minute.":
    "Maombi ya kubadilisha nenosiri ni mengi mno. Jaribu tena baada ya dakika {minutes}.",
  "Too many code attempts. Try again in {minutes} minutes.":
    "Majaribio ya nambari ni mengi mno. Jaribu tena baada ya dakika {minutes}.",
  "Too many code attempts. Try again in {minutes} minute.":
    "Majaribio ya nambari ni mengi mno. Jaribu tena baada ya dakika {minutes}.",
  "Too many codes asked for. Try again in {minutes} minutes.":
    "Umeomba nambari nyingi mno. Jaribu tena baada ya dakika {minutes}.",
  "Too many codes asked for. Try again in {minutes} minute.":
    "Umeomba nambari nyingi mno. Jaribu tena baada ya dakika {minutes}.",
  "Too many sign-in attempts. Try again in {minutes} minutes.":
    "Majaribio ya kuingia ni mengi mno. Jaribu tena baada ya dakika {minutes}.",
  "Too many sign-in attempts. Try again in {minutes} minute.":
    "Majaribio ya kuingia ni mengi mno. Jaribu tena baada ya dakika {minutes}.",
  "This link has expired or was already used. Ask for a new one.":
    "Kiungo hiki kimeisha muda au kimeshatumika. Omba kingine.",
  "This password is one of the most common and easy to guess. Choose another.":
    "Nenosiri hili ni mojawapo ya yanayotumiwa sana na ni rahisi kukisia. Chagua jingine.",
  "Farm name is required": "Jina la shamba linahitajika",
  "Location is required": "Mahali panahitajika",
  "Choose a farm type": "Chagua aina ya shamba",
  "Choose a county": "Chagua kaunti",
  "Choose a herd size": "Chagua idadi ya ng'ombe",
  "Choose your experience": "Chagua uzoefu wako",
  "An account with this email already exists": "Tayari kuna akaunti yenye barua pepe hii",
  "Too many requests. Please wait {seconds} seconds and try again.":
    "Maombi ni mengi mno. Tafadhali subiri sekunde {seconds} kisha ujaribu tena.",
  "Too many requests. Please wait {seconds} second and try again.":
    "Maombi ni mengi mno. Tafadhali subiri sekunde {seconds} kisha ujaribu tena.",
  "The service is briefly unavailable. Please try again in a few seconds.":
    "Huduma haipatikani kwa muda mfupi. Tafadhali jaribu tena baada ya sekunde chache.",
  // Ordering
  "Your cart is empty": "Kikapu chako hakina kitu",
  "Each item needs a product": "Kila bidhaa inahitaji kuchaguliwa",
  "Quantity must be a number": "Idadi iwe namba",
  "Quantity must be a whole number": "Idadi iwe namba kamili",
  "Quantity must be at least 1": "Idadi iwe angalau 1",
  "Please provide a delivery address": "Tafadhali weka anwani ya kupelekewa",
  "Enter a valid date": "Weka tarehe sahihi",
  "Choose M-Pesa, card or bank transfer": "Chagua M-Pesa, kadi au benki",
  "Not enough stock for {product} ({code}): {available} available, {requested} requested":
    "Hakuna akiba ya kutosha ya {product} ({code}): zipo {available}, umeomba {requested}",
  // The Breed Assistant
  "For Central Kenya we recommend Holstein Friesian for dairy; it does well in the moderate climate.":
    "Kwa Kenya ya Kati tunapendekeza Holstein Friesian kwa maziwa; hustawi katika hali ya hewa ya wastani.",
  "For the Coast we recommend Boran and Zebu crosses, which tolerate heat and humidity.":
    "Kwa Pwani tunapendekeza Boran na chotara wa Zebu, wanaostahimili joto na unyevu.",
  "For the Rift Valley we recommend Ayrshire and Holstein crosses, suited to high altitude.":
    "Kwa Bonde la Ufa tunapendekeza chotara wa Ayrshire na Holstein, wanaofaa maeneo ya miinuko.",
  "For Western Kenya we recommend Jersey and Holstein for intensive dairy.":
    "Kwa Magharibi mwa Kenya tunapendekeza Jersey na Holstein kwa ufugaji wa maziwa wa kisasa.",
  "For Northern Kenya we recommend Boran and indigenous breeds for arid conditions.":
    "Kwa Kaskazini mwa Kenya tunapendekeza Boran na ng'ombe wa kienyeji kwa maeneo kame.",
  "For Eastern Kenya we recommend Sahiwal and Zebu for semi-arid regions.":
    "Kwa Mashariki mwa Kenya tunapendekeza Sahiwal na Zebu kwa maeneo yenye ukame kiasi.",
  "Please specify your region for personalized breed recommendations based on local climate conditions.":
    "Tafadhali taja eneo lako ili tukushauri aina za ng'ombe zinazofaa hali ya hewa ya kwenu.",
  // Paying
  "Enter an M-Pesa number like 0712 345 678": "Weka namba ya M-Pesa, kama 0712 345 678",
  "Only M-Pesa can be paid from here; see the bank details instead":
    "Hapa unalipa kwa M-Pesa tu; kwa benki tazama maelezo ya benki",
  "Payment received. Thank you!": "Malipo yamepokelewa. Asante!",
  "Your M-Pesa balance was not enough for this payment.": "Salio lako la M-Pesa halikutosha kwa malipo haya.",
  "You cancelled the M-Pesa prompt on your phone.": "Ulighairi ombi la M-Pesa kwenye simu yako.",
  "We could not reach your phone. Check it is on and has signal, then try again.":
    "Hatukuweza kufikia simu yako. Hakikisha imewashwa na ina mtandao, kisha ujaribu tena.",
  "The M-Pesa prompt expired before it was answered.": "Muda wa ombi la M-Pesa uliisha kabla hujalijibu.",
  "The M-Pesa PIN entered was wrong.": "PIN ya M-Pesa uliyoweka si sahihi.",
  "Waiting for you to confirm on your phone.": "Tunasubiri uthibitishe kwenye simu yako.",
  "M-Pesa could not complete the payment.": "M-Pesa haikuweza kukamilisha malipo.",
  // The catalogue: product names and features as the server writes them, the levels and regions in them
  ...productNamesSw,
  "Milk yield {litres} L/lactation": "Maziwa lita {litres} kwa msimu",
  "Milk yield {amount}": "Maziwa {amount}",
  "Heat tolerance: {level}": "Kustahimili joto: {level}",
  "Breeding value {value}/100": "Kielelezo cha ufugaji {value}/100",
  "Weight gain {kg} kg/day": "Kuongezeka uzito kilo {kg} kwa siku",
  "Weight gain {amount}": "Kuongezeka uzito {amount}",
  "Dairy genetics": "Vinasaba vya maziwa",
  "Beef genetics": "Vinasaba vya nyama",
  "Dual purpose genetics": "Vinasaba vya maziwa na nyama",
  Low: "Chini",
  Moderate: "Wastani",
  High: "Juu",
  Good: "Nzuri",
  "Very good": "Nzuri sana",
  Excellent: "Bora kabisa",
  Central: "Kati",
  Coastal: "Pwani",
  "Rift Valley": "Bonde la Ufa",
  Western: "Magharibi",
  Northern: "Kaskazini",
  Eastern: "Mashariki",
};

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The entries with `{name}` placeholders, as patterns that capture the values in order. */
const patterns = Object.entries(serverWordsSw)
  .filter(([english]) => english.includes("{"))
  .map(([english, swahili]) => {
    const names = [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const source = english
      .split(/\{\w+\}/)
      .map(literal)
      .join("(.+?)");
    return { pattern: new RegExp(`^${source}$`), names, swahili };
  });

/**
 * The Kiswahili for `text`, or undefined when it is not a message we know. A value filled into a message is
 * translated too when it is one ("Heat tolerance: Moderate", "Not enough stock for Ayrshire Semen …").
 */
export function translateServerWords(text: string): string | undefined {
  const exact = serverWordsSw[text];
  if (exact !== undefined) return exact;
  for (const { pattern, names, swahili } of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    return names.reduce((out, name, i) => {
      const value = match[i + 1]!;
      return out.replace(`{${name}}`, () =>
        value === text ? value : (translateServerWords(value) ?? value),
      );
    }, swahili);
  }
  return undefined;
}
