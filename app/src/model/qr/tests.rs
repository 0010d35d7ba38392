use super::*;

/// The `qrcode` crate's code of `text` at level M.
fn theirs(text: &[u8]) -> QrCode {
    let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::M).unwrap();
    QrCode {
        width: code.width(),
        dark: code
            .to_colors()
            .into_iter()
            .map(|c| c == qrcode::Color::Dark)
            .collect(),
    }
}

#[test]
fn every_version_matches_another_encoder_module_for_module() {
    // Lengths just under a version's capacity: every version a link
    // may take, and some larger ones (version 7 on carries its number).
    let versions = (1..=13).chain([20, 27, 32, 40]);
    let mut lengths: Vec<usize> = versions.map(|v| capacity_bits(v) / 8 - 3).collect();
    lengths.extend([1, 14, 15, 16, 100, 200, 260, 2331]);
    for len in lengths {
        // Lower-case letters, which that crate too writes as bytes (of
        // digits it would make a numeric segment).
        let text: Vec<u8> = (0..len).map(|i| b'a' + (i * 7 % 26) as u8).collect();
        let expected = theirs(&text);
        let ours: Vec<QrCode> = (0..8)
            .map(|mask| QrCode::with_mask(&text, mask).unwrap())
            .collect();
        assert_eq!(
            ours[0].width, expected.width,
            "{len} bytes: the same version"
        );
        assert!(
            ours.contains(&expected),
            "{len} bytes: one of our masks gives the same code"
        );
    }
}

#[test]
fn the_chosen_mask_is_the_one_with_the_least_penalty() {
    let text = b"https://example.org/?game=four&level=hard&you=one&end=one";
    let chosen = QrCode::new(text).unwrap();
    let least = (0..8)
        .map(|mask| QrCode::with_mask(text, mask).unwrap())
        .map(|code| penalty(code.width, &code.dark))
        .min()
        .unwrap();
    assert_eq!(penalty(chosen.width, &chosen.dark), least);
    assert_eq!(
        chosen,
        theirs(text),
        "the same choice as another encoder here"
    );
}

#[test]
fn a_text_no_version_holds_has_no_code() {
    assert!(QrCode::new(&[b'a'; 2331]).is_some());
    assert_eq!(QrCode::new(&[b'a'; 2332]), None);
}
