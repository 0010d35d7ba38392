#!/usr/bin/env python3
"""Prints the text of every QR code in a screenshot, one per line, read by
zxing-cpp (a real decoder, as a phone's camera app would read it).

Usage: decode-qr.py <image.png>
"""
import sys

import zxingcpp
from PIL import Image

for code in zxingcpp.read_barcodes(Image.open(sys.argv[1])):
    if code.format == zxingcpp.BarcodeFormat.QRCode:
        print(code.text)
