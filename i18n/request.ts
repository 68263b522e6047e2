import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { DISPLAY_TIME_ZONE, LOCALE_COOKIE } from "@/lib/constants";
import { isLocale, localeFromAcceptLanguage, MESSAGES } from "@/lib/i18n/messages";

// No locale in the URL: the cookie set from the user's language wins, then the browser's preference.
export default getRequestConfig(async () => {
  const cookieLocale = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(cookieLocale) ? cookieLocale : localeFromAcceptLanguage((await headers()).get("accept-language"));
  return { locale, messages: MESSAGES[locale], timeZone: DISPLAY_TIME_ZONE };
});
