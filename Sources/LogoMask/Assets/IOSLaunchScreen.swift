import FoundationEssentials
import MaskGeometry

/// The iOS launch screen, in its two forms: `LaunchScreen.storyboard` (the background colour
/// set, the logo image view centred on the screen by constraints at the image's own point size,
/// its intrinsic content size) and the `UILaunchScreen` Info.plist dictionary (the same colour
/// set and image, the image at its own size, centred). Both draw what ``LaunchScene`` models for
/// ``LaunchScene/Platform/ios``: the PNG's pixels over its scale (311 px at @3x is 103.667 pt).
///
/// Both centre the logo on the whole screen, not the safe area, as the reveal places it; both
/// name the asset catalog's ``colorSetName`` (its dark appearance gives the dark launch screen)
/// and ``imageSetName`` (the logo PNGs at @1x-@3x, `logoWidth` points wide).
public enum IOSLaunchScreen {
    /// The colour set holding the splash background (and its dark appearance).
    public static let colorSetName = "SplashBackground"
    /// The image set holding the logo at its launch size.
    public static let imageSetName = "LaunchLogo"

    /// The storyboard: a view controller whose view has the background colour and one image
    /// view centred by constraints, sized by its image (`size` points, the @3x image's, is only
    /// what Interface Builder shows). `background` is the colour Interface Builder
    /// shows for the named colour (the catalog's light appearance).
    static func storyboard(size: Size, background: RGBAColor) -> Data {
        func n(_ v: Double) -> String { formatNumber(v, decimals: 3) }
        // The canvas Interface Builder opens on: an iPhone 15 (393x852 pt).
        let screen = Size(width: 393, height: 852)
        let x = (screen.width - size.width) / 2, y = (screen.height - size.height) / 2
        func component(_ v: UInt8) -> String { formatNumber(Double(v) / 255, decimals: 6) }
        return Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" launchScreen="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="01J-lp-oVM">
                <device id="retina6_12" orientation="portrait" appearance="light"/>
                <dependencies>
                    <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
                    <capability name="Named colors" minToolsVersion="9.0"/>
                    <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                    <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
                </dependencies>
                <scenes>
                    <!--Launch Screen: the splash background with the logo centred at \(n(size.width)) pt. Written by logo-mask.-->
                    <scene sceneID="EHf-IW-A2E">
                        <objects>
                            <viewController id="01J-lp-oVM" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="Ze5-6b-2t3">
                                    <rect key="frame" x="0.0" y="0.0" width="\(n(screen.width))" height="\(n(screen.height))"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" horizontalHuggingPriority="251" verticalHuggingPriority="251" image="\(imageSetName)" translatesAutoresizingMaskIntoConstraints="NO" id="LgM-sk-Img">
                                            <rect key="frame" x="\(n(x))" y="\(n(y))" width="\(n(size.width))" height="\(n(size.height))"/>
                                        </imageView>
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="Bcu-3y-fUS"/>
                                    <color key="backgroundColor" name="\(colorSetName)"/>
                                    <constraints>
                                        <constraint firstItem="LgM-sk-Img" firstAttribute="centerX" secondItem="Ze5-6b-2t3" secondAttribute="centerX" id="LgM-sk-CnX"/>
                                        <constraint firstItem="LgM-sk-Img" firstAttribute="centerY" secondItem="Ze5-6b-2t3" secondAttribute="centerY" id="LgM-sk-CnY"/>
                                    </constraints>
                                </view>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="iYj-Kq-Ea1" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                        <point key="canvasLocation" x="53" y="375"/>
                    </scene>
                </scenes>
                <resources>
                    <image name="\(imageSetName)" width="\(n(size.width))" height="\(n(size.height))"/>
                    <namedColor name="\(colorSetName)">
                        <color red="\(component(background.red))" green="\(component(background.green))" blue="\(component(background.blue))" alpha="\(component(background.alpha))" colorSpace="custom" customColorSpace="sRGB"/>
                    </namedColor>
                </resources>
            </document>

            """.utf8)
    }

    /// The `UILaunchScreen` dictionary as a property list holding it alone, to merge into the
    /// app's Info.plist instead of naming a storyboard.
    static func infoPlist() -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>UILaunchScreen</key>
            \t<dict>
            \t\t<key>UIColorName</key>
            \t\t<string>\(colorSetName)</string>
            \t\t<key>UIImageName</key>
            \t\t<string>\(imageSetName)</string>
            \t\t<key>UIImageRespectsSafeAreaInsets</key>
            \t\t<false/>
            \t</dict>
            </dict>
            </plist>

            """.utf8)
    }
}
