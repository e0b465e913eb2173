// Debian's libqrencode (libqrencode-dev): the QR code encoder behind the rooms' join codes.
#include <qrencode.h>
