import type { ErrorCode } from '@/api/generated/model';
import { MINUTES_AFTER, plural, SECONDS_AFTER } from './plural';

/**
 * What a failed call means, in the reader's and the author's language: one Arabic sentence per error code of the API
 * (ErrorDto.code, generated from the OpenAPI document, so a code added on the server without a sentence here fails
 * the type check). Screens show these instead of the server's English message; the server's text stays the
 * developers' (Swagger UI, scripts). Decision docs/decisions/012-error-vocabulary.md.
 */
export const ERROR_TEXT: Record<ErrorCode, string> = {
  MALFORMED_INPUT: 'تحتوي البيانات المرسلة على قيمة لا يمكن قبولها',
  INVALID_INPUT: 'تعذّر التحقق من البيانات المرسلة',
  INVALID_ID: 'المعرّف غير صالح',
  UNIQUE_VIOLATION: 'هذه القيمة مستخدمة بالفعل',
  CROSS_SITE_REQUEST: 'رُفض الطلب لأنه صادر من موقع آخر',
  RATE_LIMITED: 'محاولات كثيرة',
  BUSY: 'الخادم مشغول الآن',
  DATABASE_UNAVAILABLE: 'قاعدة البيانات غير متاحة الآن',
  STORAGE_FULL: 'لا مساحة لدى الخادم لحفظ هذا الآن؛ لم يُحفظ شيء، حاول لاحقًا',
  NOT_SIGNED_IN: 'يجب تسجيل الدخول أولًا',
  INVALID_CREDENTIALS: 'اسم المستخدم أو البريد الإلكتروني أو كلمة المرور غير صحيحة',
  REGISTRATION_CLOSED: 'التسجيل مغلق: للمدونة كاتبها بالفعل',
  USER_TAKEN: 'اسم المستخدم أو البريد الإلكتروني مسجّل بالفعل',
  SETUP_CODE_INVALID: 'رمز الإعداد غير صحيح: تجده في سجل الخادم عند تشغيله (أو في المتغير SETUP_CODE)',
  INSTALL_CLAIMED: 'سبقك تسجيل آخر فأنشأ حساب كاتب المدونة: سجّل الدخول به',
  RESET_TOKEN_INVALID: 'رابط إعادة تعيين كلمة المرور غير صالح أو مستخدم أو منتهي الصلاحية',
  SESSION_REQUIRED: 'لا يمكن تنفيذ هذا برمز API: سجّل الدخول أولًا',
  TOKEN_INVALID: 'رمز API غير صالح أو ملغى',
  TOKEN_EXPIRED: 'انتهت صلاحية رمز API',
  TOKEN_EXPIRY_PAST: 'يجب أن يكون تاريخ انتهاء الرمز في المستقبل',
  TOKEN_LIMIT: 'لديك 50 رمزًا بالفعل: ألغِ أحدها أولًا',
  TOKEN_NOT_FOUND: 'الرمز غير موجود',
  USER_NOT_FOUND: 'المستخدم غير موجود',
  NOT_YOUR_PROFILE: 'لا يمكنك تعديل ملف شخصي غير ملفك',
  POST_NOT_FOUND: 'المقالة غير موجودة',
  POST_NOT_PUBLISHED: 'المقالة غير منشورة بعد',
  POST_SLUG_TAKEN: 'رابط المقالة مستخدم في مقالة أخرى',
  POST_SLUG_RESERVED: 'رابط المقالة محجوز لمسار من مسارات الموقع',
  CONTENT_REQUIRED: 'المحتوى مطلوب',
  LANGUAGE_INVALID: 'رمز اللغة غير صالح؛ اكتبه بصيغة BCP 47 مثل ar أو en أو fr-CA',
  TRANSLATION_OF_ITSELF: 'لا يكون المقال ترجمةً لنفسه',
  TRANSLATION_NOT_FOUND: 'المقال المختار أصلًا للترجمة غير موجود',
  TRANSLATION_OF_NEWER: 'المقال المختار أحدث من هذا؛ اجعل الأحدثَ ترجمةً للأقدم',
  TRANSLATION_OF_TRANSLATION: 'المقال المختار ترجمةٌ هو الآخر؛ اختر المقال الأصلي',
  TRANSLATION_HAS_TRANSLATIONS: 'لهذا المقال ترجمات، فلا يكون هو ترجمةً لغيره',
  VERSION_CONFLICT: 'حُفظت نسخة أحدث من هذا المحتوى في مكان آخر',
  PRECONDITION_FAILED: 'تغيّر هذا المحتوى منذ النسخة التي فتحتها',
  REVISION_NOT_FOUND: 'النسخة غير موجودة',
  CATEGORY_NOT_FOUND: 'التصنيف غير موجود',
  CATEGORY_NAME_TAKEN: 'يوجد تصنيف آخر بهذا الاسم',
  CATEGORY_SLUG_TAKEN: 'يوجد تصنيف آخر بهذا الرابط',
  TAG_NOT_FOUND: 'الوسم غير موجود',
  TAG_NAME_INVALID: 'يجب أن يحتوي اسم الوسم على حرف أو رقم',
  TAG_NAME_TAKEN: 'يوجد وسم آخر بهذا الاسم: ادمج الوسمين بدلًا من إعادة التسمية',
  TAG_MERGE_SAME: 'لا يمكن دمج الوسم في نفسه',
  PAGE_NOT_FOUND: 'الصفحة غير موجودة',
  PAGE_SLUG_INVALID: 'يجب أن يحتوي رابط الصفحة على حرف أو رقم',
  PAGE_SLUG_RESERVED: 'رابط الصفحة محجوز لمسار من مسارات الموقع',
  PAGE_SLUG_TAKEN: 'توجد صفحة أخرى بهذا الرابط',
  NEWSLETTER_ALREADY_SENT: 'أُرسلت هذه المقالة إلى المشتركين من قبل',
  NEWSLETTER_NO_SUBSCRIBERS: 'لا يوجد مشتركون مؤكَّدون بعد',
  SUBSCRIBER_NOT_FOUND: 'المشترك غير موجود',
  COMMENTS_CLOSED: 'التعليقات على هذا المقال مغلقة',
  COMMENT_NOT_FOUND: 'التعليق غير موجود',
  COMMENT_CHALLENGE_FAILED: 'تعذّر التحقق من أنك لست برنامجًا آليًا؛ حاول الإرسال مرة أخرى',
  REDIRECT_NOT_FOUND: 'التحويل غير موجود',
  REDIRECT_FROM_INVALID: 'العنوان القديم يجب أن يكون مسارًا يبدأ بـ / (أو رابطًا كاملًا) وألا يكون طويلًا جدًا',
  REDIRECT_FROM_RESERVED:
    'هذا العنوان من عناوين المدونة نفسها (الرئيسية أو لوحة التحكم أو الواجهة البرمجية أو الملفات أو الخلاصات) ولا يمكن تحويله',
  REDIRECT_TO_INVALID: 'العنوان الجديد يجب أن يكون مسارًا في المدونة يبدأ بـ / أو رابطًا كاملًا يبدأ بـ http:// أو https://',
  REDIRECT_LOOP: 'هذا التحويل يعود إلى عنوانه نفسه (مباشرة أو عبر تحويلات أخرى)',
  REDIRECT_EXISTS: 'يوجد تحويل من هذا العنوان بالفعل؛ احذفه أولًا',
  IMPORT_FILE_REQUIRED: 'اختر ملف التصدير أولًا',
  IMPORT_FILE_INVALID: 'الملف ليس ملف تصدير من ووردبريس أو بلوجر أو Ghost، أو أنه تالف أو ناقص؛ لم يُكتب شيء',
  IMPORT_FILE_TOO_LARGE: 'الملف أكبر من 500 ميغابايت',
  IMPORT_RUNNING: 'يجري استيراد آخر الآن؛ انتظر حتى ينتهي',
  IMPORT_NOT_FOUND: 'الاستيراد غير موجود',
  IMAGE_REQUIRED: 'لم تُرفق صورة',
  IMAGE_EMPTY: 'الملف فارغ',
  NOT_AN_IMAGE: 'الملف ليس صورة JPEG أو PNG أو GIF أو WebP أو AVIF',
  IMAGE_TOO_LARGE: 'حجم الصورة يتجاوز الحد الأقصى 5MB',
  IMAGE_TOO_MANY_PIXELS: 'أبعاد الصورة تتجاوز 40 ميغابكسل',
  STORAGE_UNAVAILABLE: 'تعذّر الوصول إلى مخزن الصور الآن؛ حاول بعد قليل',
  UPLOAD_NOT_FOUND: 'الملف غير موجود',
};

/** 'أعد المحاولة بعد 30 ثانية' / 'بعد 15 دقيقة': how long a rate-limited or busy caller waits, in words. */
export function retryAfterText(seconds: number): string {
  const wait = seconds >= 60 ? plural(Math.ceil(seconds / 60), MINUTES_AFTER) : plural(Math.max(0, Math.ceil(seconds)), SECONDS_AFTER);
  return `أعد المحاولة بعد ${wait}`;
}
